package org.nightbench.nightly;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.nightbench.jobs.JobEngine;
import org.nightbench.jobs.RunningScheduler;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.lucene.LuceneResolutionException;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunnerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The nightly trigger as a db-scheduler recurring task: every enabled instance registers it, the
 * table holds one execution of it, so each night it fires on exactly one instance. It has a
 * scheduler of its own, so a benchmark running on this box does not delay it.
 */
@Configuration(proxyBeanMethods = false)
class NightlyConfiguration {

  private static final Logger log = LoggerFactory.getLogger(NightlyConfiguration.class);

  static final String TASK_NAME = "nightly-trigger";

  /**
   * The head as the git clone sees it after a fetch. When the remote cannot be reached the head is
   * unknown and the night runs anyway: the run itself then fails with the reason, visibly.
   */
  @Bean
  @ConditionalOnMissingBean
  BranchHeads branchHeads(GitLuceneBuilder git) {
    return branch -> {
      try {
        return Optional.of(git.head(branch, line -> log.info("nightly: {}", line)).sha());
      } catch (LuceneResolutionException e) {
        log.warn("Nightly cannot tell where {} is: {}", branch, e.getMessage());
        return Optional.empty();
      }
    };
  }

  @Bean
  NightlyTrigger nightlyTrigger(
      RunService runs, BranchHeads heads, NightlyProperties nightly, RunnerProperties runner) {
    List<String> machines =
        nightly.machines().isEmpty() ? List.of(runner.machine()) : nightly.machines();
    return new NightlyTrigger(runs, heads, nightly.branch(), machines);
  }

  @Bean
  @ConditionalOnProperty(name = "nightbench.nightly.enabled", havingValue = "true")
  RunningScheduler nightlyScheduler(
      DataSource dataSource,
      NightlyTrigger trigger,
      NightlyProperties nightly,
      RunnerProperties runner) {
    ZoneId zone = ZoneId.systemDefault();
    Task<?> task =
        Tasks.recurring(TASK_NAME, Schedules.cron(nightly.cron(), zone))
            // The night is the one the execution was due in, also when it fires late.
            .execute(
                (instance, context) ->
                    trigger.trigger(
                        LocalDate.ofInstant(context.getExecution().executionTime, zone)));
    return new RunningScheduler(
        JobEngine.scheduler(
            dataSource,
            JobEngine.workerName() + "/nightly",
            runner.pollingInterval(),
            runner.heartbeatInterval(),
            List.of(task)));
  }
}
