package org.nightbench.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.nightbench.harness.Cancellation;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * Tells a running try's forked JVMs to stop when someone asked to cancel the run, it ran past the
 * job timeout, its worker is stopping, the run is no longer this try's (a frozen worker woke up to
 * find another try in its place, or the dead-run check ended it) or this worker's heartbeats fail
 * (another worker is about to take the run over); the launcher asks several times a second, the
 * database is read at most once a second.
 */
final class RunWatch implements Cancellation {

  private static final Logger log = LoggerFactory.getLogger(RunWatch.class);
  private static final Duration CHECK_EVERY = Duration.ofSeconds(1);
  static final String WORKER_STOPPING = "the worker is stopping";
  static final String LOST =
      "the run is no longer this try's (another worker took it over, or the dead-run check ended"
          + " it)";
  static final String HEARTBEATS_FAILING =
      "this worker's heartbeats to the job engine are failing: another worker may take the run"
          + " over";

  private final RunTry attempt;
  private final RunRepository runs;
  private final Clock clock;
  private final Duration timeout;
  private final Instant deadline;
  private final BooleanSupplier workerStopping;
  private final BooleanSupplier heartbeatsFailing;
  private Instant lastCheck = Instant.MIN;
  private boolean cancelRequested;
  private boolean lost;
  private boolean heartbeatsFailed;

  RunWatch(RunTry attempt, RunRepository runs, Clock clock, Duration timeout) {
    this(attempt, runs, clock, timeout, () -> false, () -> false);
  }

  RunWatch(
      RunTry attempt,
      RunRepository runs,
      Clock clock,
      Duration timeout,
      BooleanSupplier workerStopping,
      BooleanSupplier heartbeatsFailing) {
    this.workerStopping = workerStopping;
    this.heartbeatsFailing = heartbeatsFailing;
    this.attempt = attempt;
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
    if (!cancelRequested && !lost && !now.isBefore(lastCheck.plus(CHECK_EVERY))) {
      lastCheck = now;
      try {
        RunRepository.TryState state = runs.state(attempt);
        cancelRequested = state.cancelRequested();
        lost = !state.owned();
      } catch (DataAccessException e) {
        // A database blip must not kill an hour-long benchmark; ask again in a second. A long
        // outage shows in the heartbeats.
        log.warn(
            "Run {}: cannot read whether it was cancelled: {}", attempt.runId(), e.getMessage());
      }
    }
    if (lost) {
      return Optional.of(LOST);
    }
    if (!heartbeatsFailed && heartbeatsFailing.getAsBoolean()) {
      heartbeatsFailed = true;
    }
    if (heartbeatsFailed) {
      return Optional.of(HEARTBEATS_FAILING);
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

  /** Whether the watch found the run no longer this try's. */
  synchronized boolean lost() {
    return lost;
  }

  /** Whether the watch found this worker's heartbeats failing. */
  synchronized boolean heartbeatsFailed() {
    return heartbeatsFailed;
  }

  boolean timedOut() {
    return !clock.instant().isBefore(deadline);
  }

  /** 3h, 90m, 0.5s: the way the property is written rather than ISO-8601's PT3H. */
  static String format(Duration duration) {
    return duration.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
