package org.nightbench.runs;

import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.time.Clock;
import java.util.Optional;
import org.nightbench.harness.HarnessCancelledException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Runs one queued run when the job engine hands it to this machine: marks it running, executes its
 * steps, and ends it succeeded, failed or cancelled. The engine gives a worker one run at a time: a
 * box never runs two benchmarks at once, since they would disturb each other's numbers.
 */
@Component
public class RunWorker {

  private static final Logger log = LoggerFactory.getLogger(RunWorker.class);
  private static final String TASK_PREFIX = "benchmark-run@";

  private final RunRepository runs;
  private final RunExecutor executor;
  private final RunnerProperties settings;
  private final Clock clock = Clock.systemUTC();
  private final OneTimeTask<Long> task;

  RunWorker(RunRepository runs, RunExecutor executor, RunnerProperties settings) {
    this.runs = runs;
    this.executor = executor;
    this.settings = settings;
    this.task =
        Tasks.oneTime(taskName(settings.machine()), Long.class)
            .onDeadExecution(new DeadRunHandler(runs, settings.retryDeadRuns()))
            // A run's failures are recorded on the run; an exception here means the database
            // itself failed, and re-running a benchmark behind the user's back helps nobody.
            .onFailure((complete, operations) -> operations.stop())
            .execute((instance, context) -> run(instance.getData()));
  }

  /**
   * The job engine's task for runs on a machine: a worker knows only its own machine's task, so
   * runs queued for another machine are never its to take.
   */
  public static String taskName(String machine) {
    return TASK_PREFIX + machine;
  }

  /** This machine's task, which the job engine's scheduler polls for. */
  OneTimeTask<Long> task() {
    return task;
  }

  /** Runs one run to its end, if it is still queued. */
  void run(long runId) {
    Optional<Run> started = runs.start(runId);
    if (started.isEmpty()) {
      log.info("Run {} is no longer queued (cancelled?); nothing to do", runId);
      return;
    }
    Run run = started.get();
    log.info("Run {} ({}) started", run.id(), run.luceneSpec());
    RunWatch watch = new RunWatch(run.id(), runs, clock, settings.jobTimeout());
    try (RunLog runLog = new RunLog(run.id(), runs, clock)) {
      try {
        executor.execute(run, runLog, watch);
        log.info("Run {} ({}) succeeded", run.id(), run.luceneSpec());
      } catch (RuntimeException e) {
        String error = oneLine(e);
        if (e instanceof HarnessCancelledException && watch.cancelRequested()) {
          runLog.accept("CANCELLED: " + error);
          runs.markCancelled(run.id(), error);
          log.info("Run {} ({}) cancelled: {}", run.id(), run.luceneSpec(), error);
        } else {
          runLog.accept("FAILED: " + error);
          runs.markFailed(run.id(), error);
          log.warn("Run {} ({}) failed: {}", run.id(), run.luceneSpec(), error);
        }
      }
    }
  }

  private static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.lines().findFirst().orElse(message).strip();
  }
}
