package org.nightbench.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;

/** The client every process has, worker or not, to schedule and cancel executions. */
@Configuration(proxyBeanMethods = false)
class JobEngineConfiguration {

  /**
   * Joins the caller's Spring transaction, so a run row and its execution are committed together or
   * not at all.
   */
  @Bean
  SchedulerClient schedulerClient(DataSource dataSource) {
    return SchedulerClient.Builder.create(new TransactionAwareDataSourceProxy(dataSource)).build();
  }
}
