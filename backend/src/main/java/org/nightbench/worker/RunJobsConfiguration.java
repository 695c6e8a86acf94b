package org.nightbench.worker;

import java.util.List;
import javax.sql.DataSource;
import org.nightbench.jobs.JobEngine;
import org.nightbench.jobs.RunningScheduler;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.runs.machines.MachineRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Makes this process a worker of its machine unless {@code nightbench.runner.worker-enabled} is
 * false, in which case it only queues runs for workers elsewhere.
 */
@Configuration(proxyBeanMethods = false)
class RunJobsConfiguration {

  @Bean
  @ConditionalOnProperty(
      name = "nightbench.runner.worker-enabled",
      havingValue = "true",
      matchIfMissing = true)
  RunningScheduler runScheduler(
      DataSource dataSource, RunWorker worker, RunnerProperties settings) {
    return new RunningScheduler(
        JobEngine.scheduler(
            dataSource,
            JobEngine.workerName(),
            settings.pollingInterval(),
            settings.heartbeatInterval(),
            settings.missedHeartbeats(),
            List.of(worker.task())));
  }

  /** The worker's own heartbeat, under the same name the job engine knows it by. */
  @Bean
  @ConditionalOnProperty(
      name = "nightbench.runner.worker-enabled",
      havingValue = "true",
      matchIfMissing = true)
  WorkerHeartbeat workerHeartbeat(MachineRegistry machines, RunnerProperties settings) {
    return new WorkerHeartbeat(
        machines,
        JobEngine.workerName(),
        settings.machine(),
        settings.heartbeatInterval(),
        settings.missedHeartbeats());
  }
}
