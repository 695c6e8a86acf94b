package org.nightbench.worker;

import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.nightbench.harness.HarnessCancelledException;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunQueueTask;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunnerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Runs one queued run when the job engine hands it to this machine: marks it running, executes its
 * steps, and ends it succeeded, failed or cancelled, or, when this worker is stopping, hands it
 * back to the queue to run again from the start. The engine gives a worker one run at a time: a box
 * never runs two benchmarks at once, since they would disturb each other's numbers.
 */
@Component
public class RunWorker {

  private static final Logger log = LoggerFactory.getLogger(RunWorker.class);

  private final RunRepository runs;
  private final RunLogRepository logs;
  private final RunExecutor executor;
  private final RunnerProperties settings;
  private final RunWorkDirectories workDirectories;
  private final Clock clock = Clock.systemUTC();
  private final OneTimeTask<Long> task;

  RunWorker(
      RunRepository runs,
      RunLogRepository logs,
      RunExecutor executor,
      RunnerProperties settings,
      RunWorkDirectories workDirectories) {
    this.runs = runs;
    this.logs = logs;
    this.executor = executor;
    this.settings = settings;
    this.workDirectories = workDirectories;
    this.task =
        Tasks.oneTime(RunQueueTask.name(settings.machine()), Long.class)
            .onDeadExecution(new DeadRunHandler(runs, logs, settings.retryDeadRuns()))
            .onFailure(
                (complete, operations) -> {
                  if (complete.getCause().filter(RunHandedBack.class::isInstance).isPresent()) {
                    // Due at once: the next worker of this machine, or this one restarted, takes
                    // it.
                    operations.reschedule(complete, Instant.now());
                  } else {
                    // A run's failures are recorded on the run; an exception here means the
                    // database itself failed, and re-running a benchmark behind the user's back
                    // helps nobody.
                    operations.stop();
                  }
                })
            .execute(
                (instance, context) ->
                    run(instance.getData(), context.getSchedulerState()::isShuttingDown));
  }

  /** This machine's task, which the job engine's scheduler polls for. */
  public OneTimeTask<Long> task() {
    return task;
  }

  /** Runs one run to its end, if it is still queued, in a worker that never stops. */
  void run(long runId) {
    run(runId, () -> false);
  }

  /**
   * Runs one run to its end, if it is still queued; when {@code stopping} turns true meanwhile, the
   * run's JVMs are killed and the run goes back to the queue with nothing of it stored.
   *
   * @throws RunHandedBack when it did, so the job engine keeps the run's execution
   */
  void run(long runId, BooleanSupplier stopping) {
    Optional<Run> started = runs.start(runId);
    if (started.isEmpty()) {
      log.info("Run {} is no longer queued (cancelled?); nothing to do", runId);
      return;
    }
    Run run = started.get();
    log.info("Run {} ({}) started", run.id(), run.luceneSpec());
    RunWatch watch = new RunWatch(run.id(), runs, clock, settings.jobTimeout(), stopping);
    boolean handedBack = false;
    try (RunLog runLog = new RunLog(run.id(), logs, clock)) {
      DatabaseRetry database =
          new DatabaseRetry(run.id(), settings.ingestRetryFor(), runLog, stopping);
      try {
        executor.execute(run, runLog, watch, database);
        log.info("Run {} ({}) ended", run.id(), run.luceneSpec());
      } catch (RuntimeException e) {
        // The scheduler interrupts a worker that does not stop in time; the run's end must still
        // be written, so the database calls below run uninterrupted.
        boolean interrupted = Thread.interrupted();
        try {
          handedBack = end(run, runLog, watch, stopping, database, e);
        } finally {
          if (interrupted) {
            Thread.currentThread().interrupt();
          }
        }
      }
    }
    if (handedBack) {
      throw new RunHandedBack(run.id());
    }
    workDirectories.ended(run.id());
  }

  /** Ends a run its steps could not finish; true when it went back to the queue. */
  private boolean end(
      Run run,
      RunLog runLog,
      RunWatch watch,
      BooleanSupplier stopping,
      DatabaseRetry database,
      RuntimeException e) {
    String error = oneLine(e);
    if (stopping.getAsBoolean()) {
      runLog.accept(
          "REQUEUED: "
              + RunWatch.WORKER_STOPPING
              + " ("
              + error
              + "); nothing of this try is stored, the run goes back to the queue and runs again"
              + " from the start");
      boolean requeued = runs.requeue(run.id());
      log.info(
          "Run {} ({}): the worker is stopping; queued again: {}",
          run.id(),
          run.luceneSpec(),
          requeued);
      return requeued;
    }
    if (cancelRequested(run.id(), watch)) {
      // A cancel request wins over whatever else ended the run, ingestion refused included.
      String reason =
          e instanceof HarnessCancelledException ? error : "cancelled on request (" + error + ")";
      runLog.accept("CANCELLED: " + reason);
      database.untilStopped("ending the run", () -> runs.markCancelled(run.id(), reason));
      log.info("Run {} ({}) cancelled: {}", run.id(), run.luceneSpec(), reason);
    } else {
      runLog.accept("FAILED: " + error);
      database.untilStopped("ending the run", () -> runs.markFailed(run.id(), error));
      log.warn("Run {} ({}) failed: {}", run.id(), run.luceneSpec(), error);
    }
    return false;
  }

  private boolean cancelRequested(long runId, RunWatch watch) {
    if (watch.cancelRequested()) {
      return true;
    }
    try {
      return runs.cancelRequested(runId);
    } catch (DataAccessException e) {
      return false;
    }
  }

  /** The first line of a failure's message, for a run's log and error. */
  static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.lines().findFirst().orElse(message).strip();
  }

  /** Tells the job engine a stopping worker put its run back in the queue. */
  static final class RunHandedBack extends RuntimeException {
    RunHandedBack(long runId) {
      super("run " + runId + " was handed back to the queue: the worker is stopping");
    }
  }
}
