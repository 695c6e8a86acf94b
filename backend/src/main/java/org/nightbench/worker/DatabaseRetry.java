package org.nightbench.worker;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.nightbench.database.DatabaseOutage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryListener;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryState;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;

/**
 * Does a run's database work again, with growing pauses, while the database is unreachable, up to a
 * deadline: minutes of benchmarking are not thrown away because PostgreSQL restarted. Anything else
 * the database says (a refused row, a refused transition) fails at once.
 */
final class DatabaseRetry {

  private static final Logger log = LoggerFactory.getLogger(DatabaseRetry.class);
  private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);
  private static final Duration LONGEST_PAUSE = Duration.ofSeconds(30);

  // As long as a worker has nothing better to do than wait: it cannot run anything without one.
  private static final Duration UNTIL_STOPPED = Duration.ofDays(365);

  private final long runId;
  private final Duration deadline;
  private final Consumer<String> runLog;
  private final BooleanSupplier workerStopping;

  /**
   * @param deadline how long {@link #call} waits for the database ({@code ingest-retry-for})
   */
  DatabaseRetry(
      long runId, Duration deadline, Consumer<String> runLog, BooleanSupplier workerStopping) {
    this.runId = runId;
    this.deadline = deadline;
    this.runLog = runLog;
    this.workerStopping = workerStopping;
  }

  /** As {@link #call(String, Duration, Supplier)} with this run's deadline. */
  <T> T call(String what, Supplier<T> work) {
    return call(what, deadline, work);
  }

  /**
   * As {@link #call(String, Duration, Supplier)} until the worker stops: for writing the end of a
   * run, without which the run would stay running until the dead-run check took it.
   */
  <T> T untilStopped(String what, Supplier<T> work) {
    return call(what, UNTIL_STOPPED, work);
  }

  /**
   * The work's result, once the database answered; throws the work's own failure when it is not an
   * outage (or the worker is stopping), and one line naming {@code what} and the outage when the
   * database stayed away longer than {@code deadline}.
   */
  private <T> T call(String what, Duration deadline, Supplier<T> work) {
    RetryTemplate retry =
        new RetryTemplate(
            RetryPolicy.builder()
                .predicate(
                    e ->
                        (DatabaseOutage.is(e) || DatabaseOutage.lockedOut(e))
                            && !workerStopping.getAsBoolean())
                .maxRetries(Long.MAX_VALUE)
                .delay(FIRST_PAUSE)
                .multiplier(2)
                .maxDelay(LONGEST_PAUSE)
                .timeout(deadline)
                .build());
    retry.setRetryListener(
        new RetryListener() {
          // Before every try again, the first one too (onRetryFailure hears of failed retries
          // only, so one outage that the first retry outlived left no line at all).
          @Override
          public void beforeRetry(RetryPolicy policy, Retryable<?> retryable, RetryState state) {
            Throwable failure = state.getLastException();
            String line =
                what
                    + (DatabaseOutage.is(failure)
                        ? ": the database is unreachable ("
                        : ": a lock is held by another transaction (")
                    + RunWorker.oneLine(failure)
                    + ")";
            log.warn("Run {}: {}; trying again", runId, line);
            runLog.accept(line + "; trying again");
          }
        });
    try {
      return retry.execute(
          new Retryable<T>() {
            @Override
            public T execute() {
              return work.get();
            }

            @Override
            public String getName() {
              return what + " of run " + runId;
            }
          });
    } catch (RetryException e) {
      Throwable last = e.getLastException() != null ? e.getLastException() : e.getCause();
      if (!DatabaseOutage.is(last) || workerStopping.getAsBoolean()) {
        throw last instanceof RuntimeException runtime ? runtime : new IllegalStateException(last);
      }
      throw new IllegalStateException(
          what
              + ": the database was unreachable for "
              + RunWatch.format(deadline)
              + " ("
              + RunWorker.oneLine(last)
              + ")",
          last);
    }
  }
}
