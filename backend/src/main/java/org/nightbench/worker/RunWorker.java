package org.nightbench.worker;

import com.github.kagkarlsson.scheduler.CurrentlyExecuting;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.nightbench.harness.HarnessCancelledException;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunQueueTask;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
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
 *
 * <p>Each start is a try of the run ({@link RunTry}) that owns it until it ends it: a worker that
 * finds its run no longer its own (it was frozen, and another worker took the run over) stops its
 * JVMs and writes nothing more; a worker whose heartbeats fail stops its run before another worker
 * can start it over.
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
        new OneTimeTask<>(
            RunQueueTask.name(settings.machine()),
            Long.class,
            (complete, operations) -> {
              if (complete.getCause().filter(RunHandedBack.class::isInstance).isPresent()) {
                // Due at once: the next worker of this machine, or this one restarted, takes it.
                operations.reschedule(complete, Instant.now());
              } else {
                // A run's failures are recorded on the run; an exception here means the database
                // itself failed, and re-running a benchmark behind the user's back helps nobody.
                operations.stop();
              }
            },
            new DeadRunHandler(runs, logs, settings.retryDeadRuns())) {

          @Override
          public void executeOnce(TaskInstance<Long> instance, ExecutionContext context) {
            run(
                instance.getData(),
                context.getSchedulerState()::isShuttingDown,
                () -> heartbeatsFailing(context));
          }

          @Override
          public CompletionHandler<Long> execute(
              TaskInstance<Long> instance, ExecutionContext context) {
            executeOnce(instance, context);
            return (complete, operations) -> removeIfStillOurs(instance.getData(), operations);
          }
        };
  }

  /**
   * Removes a finished run's queue entry; a worker that was frozen and woke to find its run taken
   * over finds the entry another try's (the job engine's own removal would log that as an ERROR
   * with a stack trace): one WARN line, and the entry is left to that try.
   */
  private static void removeIfStillOurs(long runId, ExecutionOperations<Long> operations) {
    try {
      operations.remove();
    } catch (RuntimeException e) {
      log.warn("Run {}: its queue entry is another try's now; left to it ({})", runId, oneLine(e));
    }
  }

  /**
   * Half the time after which the job engine calls an execution dead has gone by without a
   * heartbeat getting through (the database is away, or this process was frozen): stop, before
   * another worker may start the run over.
   */
  static final double STOP_AT_FRACTION_DEAD = 0.5;

  private static boolean heartbeatsFailing(ExecutionContext context) {
    CurrentlyExecuting executing = context.getCurrentlyExecuting();
    return executing != null
        && executing.getHeartbeatState().getFractionDead() >= STOP_AT_FRACTION_DEAD;
  }

  /** This machine's task, which the job engine's scheduler polls for. */
  public OneTimeTask<Long> task() {
    return task;
  }

  /** Runs one run to its end, if it is still queued, in a worker that never stops. */
  void run(long runId) {
    run(runId, () -> false, () -> false);
  }

  /**
   * Runs one run to its end, if it is still queued; when {@code stopping} turns true meanwhile, the
   * run's JVMs are killed and the run goes back to the queue with nothing of it stored.
   *
   * @throws RunHandedBack when it did, so the job engine keeps the run's execution
   */
  void run(long runId, BooleanSupplier stopping, BooleanSupplier heartbeatsFailing) {
    Optional<RunTry> started = runs.start(runId);
    if (started.isEmpty()) {
      log.info("Run {} is no longer queued (cancelled?); nothing to do", runId);
      return;
    }
    RunTry attempt = started.get();
    Run run = attempt.run();
    log.info("Run {} ({}) started", run.id(), run.luceneSpec());
    RunWatch watch =
        new RunWatch(attempt, runs, clock, settings.jobTimeout(), stopping, heartbeatsFailing);
    Ending ending = Ending.ENDED;
    try (RunLog runLog = new RunLog(attempt, logs, clock)) {
      DatabaseRetry database =
          new DatabaseRetry(run.id(), settings.ingestRetryFor(), runLog, stopping);
      try {
        executor.execute(attempt, runLog, watch, database);
        log.info("Run {} ({}) ended", run.id(), run.luceneSpec());
      } catch (RuntimeException e) {
        // The scheduler interrupts a worker that does not stop in time; the run's end must still
        // be written, so the database calls below run uninterrupted.
        boolean interrupted = Thread.interrupted();
        try {
          ending = end(attempt, runLog, watch, stopping, database, e);
        } finally {
          if (interrupted) {
            Thread.currentThread().interrupt();
          }
        }
      }
    }
    switch (ending) {
      case HANDED_BACK -> throw new RunHandedBack(run.id());
      // The work directory is the new try's now (when it runs on this box): leave it alone.
      case LOST -> {}
      case ENDED -> workDirectories.ended(run.id());
    }
  }

  /** How a try's run came out when its steps could not finish it. */
  private enum Ending {
    ENDED,
    HANDED_BACK,
    LOST
  }

  /** Ends a run its steps could not finish. */
  private Ending end(
      RunTry attempt,
      RunLog runLog,
      RunWatch watch,
      BooleanSupplier stopping,
      DatabaseRetry database,
      RuntimeException e) {
    Run run = attempt.run();
    String error = oneLine(e);
    if (watch.lost() || runLog.lost() || !owned(attempt)) {
      // Another try has the run (or the dead-run check ended it): not a line, not a status.
      log.warn(
          "Run {} ({}): {}; this try stopped its JVMs and writes nothing ({})",
          run.id(),
          run.luceneSpec(),
          RunWatch.LOST,
          error);
      return Ending.LOST;
    }
    if (watch.heartbeatsFailed()) {
      return stopForHeartbeats(attempt, runLog, error);
    }
    if (stopping.getAsBoolean()) {
      runLog.accept(
          "REQUEUED: "
              + RunWatch.WORKER_STOPPING
              + " ("
              + error
              + "); nothing of this try is stored, the run goes back to the queue and runs again"
              + " from the start");
      flushQuietly(runLog);
      boolean requeued = runs.requeue(attempt);
      log.info(
          "Run {} ({}): the worker is stopping; queued again: {}",
          run.id(),
          run.luceneSpec(),
          requeued);
      return requeued ? Ending.HANDED_BACK : Ending.ENDED;
    }
    if (cancelRequested(run.id(), watch)) {
      // A cancel request wins over whatever else ended the run, ingestion refused included.
      String reason =
          e instanceof HarnessCancelledException ? error : "cancelled on request (" + error + ")";
      runLog.accept("CANCELLED: " + reason);
      flushQuietly(runLog);
      database.untilStopped("ending the run", () -> runs.markCancelled(attempt, reason));
      log.info("Run {} ({}) cancelled: {}", run.id(), run.luceneSpec(), reason);
    } else {
      runLog.accept("FAILED: " + error);
      flushQuietly(runLog);
      database.untilStopped("ending the run", () -> runs.markFailed(attempt, error));
      log.warn("Run {} ({}) failed: {}", run.id(), run.luceneSpec(), error);
    }
    return Ending.ENDED;
  }

  /**
   * Ends a run whose worker's heartbeats failed, as the dead-run check would (queued again when
   * retrying dead runs, failed otherwise), but only while it is still this try's and with one
   * attempt: the database may well be away, and then the dead-run check does it later.
   */
  private Ending stopForHeartbeats(RunTry attempt, RunLog runLog, String error) {
    Run run = attempt.run();
    boolean retry = settings.retryDeadRuns();
    String line =
        RunWatch.HEARTBEATS_FAILING
            + "; stopped ("
            + error
            + ")"
            + (retry ? "; queued again, nothing of this try is stored" : "");
    try {
      runLog.accept((retry ? "REQUEUED: " : "FAILED: ") + line);
      runLog.flush();
      boolean moved = retry ? runs.requeue(attempt) : runs.markFailed(attempt, line);
      log.warn("Run {} ({}): {}; {}", run.id(), run.luceneSpec(), line, moved ? "done" : "refused");
      return moved && retry ? Ending.HANDED_BACK : Ending.ENDED;
    } catch (DataAccessException e) {
      log.warn(
          "Run {} ({}): {}; the database is away too, the dead-run check will end the run ({})",
          run.id(),
          run.luceneSpec(),
          line,
          e.getMessage());
      return Ending.LOST;
    }
  }

  private static void flushQuietly(RunLog runLog) {
    try {
      runLog.flush();
    } catch (DataAccessException e) {
      // Kept pending: the log goes with the close, after the run's end is written.
    }
  }

  private boolean owned(RunTry attempt) {
    try {
      return runs.state(attempt).owned();
    } catch (DataAccessException e) {
      // The database is away: the end below waits for it and its writes name the try anyway.
      return true;
    }
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
