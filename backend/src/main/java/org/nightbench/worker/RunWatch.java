package org.nightbench.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.nightbench.harness.Cancellation;
import org.nightbench.runs.RunRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * Tells a running run's forked JVMs to stop when someone asked to cancel the run, it ran past the
 * job timeout or its worker is stopping; the launcher asks several times a second, the database is
 * read at most once a second.
 */
final class RunWatch implements Cancellation {

  private static final Logger log = LoggerFactory.getLogger(RunWatch.class);
  private static final Duration CHECK_EVERY = Duration.ofSeconds(1);
  static final String WORKER_STOPPING = "the worker is stopping";

  private final long runId;
  private final RunRepository runs;
  private final Clock clock;
  private final Duration timeout;
  private final Instant deadline;
  private final BooleanSupplier workerStopping;
  private Instant lastCheck = Instant.MIN;
  private boolean cancelRequested;

  RunWatch(long runId, RunRepository runs, Clock clock, Duration timeout) {
    this(runId, runs, clock, timeout, () -> false);
  }

  RunWatch(
      long runId,
      RunRepository runs,
      Clock clock,
      Duration timeout,
      BooleanSupplier workerStopping) {
    this.workerStopping = workerStopping;
    this.runId = runId;
    this.runs = runs;
    this.clock = clock;
    this.timeout = timeout;
    this.deadline = clock.instant().plus(timeout);
  }

  @Override
  public synchronized Optional<String> reason() {
    if (workerStopping.getAsBoolean()) {
      return Optional.of(WORKER_STOPPING);
    }
    Instant now = clock.instant();
    if (!cancelRequested && !now.isBefore(lastCheck.plus(CHECK_EVERY))) {
      lastCheck = now;
      try {
        cancelRequested = runs.cancelRequested(runId);
      } catch (DataAccessException e) {
        // A database blip must not kill an hour-long benchmark; ask again in a second.
        log.warn("Run {}: cannot read whether it was cancelled: {}", runId, e.getMessage());
      }
    }
    if (cancelRequested) {
      return Optional.of("cancelled on request");
    }
    if (timedOut()) {
      return Optional.of("timed out after " + format(timeout));
    }
    return Optional.empty();
  }

  synchronized boolean cancelRequested() {
    return cancelRequested;
  }

  boolean timedOut() {
    return !clock.instant().isBefore(deadline);
  }

  /** 3h, 90m, 0.5s: the way the property is written rather than ISO-8601's PT3H. */
  static String format(Duration duration) {
    return duration.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
