package org.nightbench.runs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.nightbench.harness.Cancellation;

/**
 * Tells a running run's forked JVMs to stop when someone asked to cancel the run or it ran past the
 * job timeout; the launcher asks several times a second, the database is read at most once a
 * second.
 */
final class RunWatch implements Cancellation {

  private static final Duration CHECK_EVERY = Duration.ofSeconds(1);

  private final long runId;
  private final RunRepository runs;
  private final Clock clock;
  private final Duration timeout;
  private final Instant deadline;
  private Instant lastCheck = Instant.MIN;
  private boolean cancelRequested;

  RunWatch(long runId, RunRepository runs, Clock clock, Duration timeout) {
    this.runId = runId;
    this.runs = runs;
    this.clock = clock;
    this.timeout = timeout;
    this.deadline = clock.instant().plus(timeout);
  }

  @Override
  public synchronized Optional<String> reason() {
    Instant now = clock.instant();
    if (!cancelRequested && !now.isBefore(lastCheck.plus(CHECK_EVERY))) {
      cancelRequested = runs.cancelRequested(runId);
      lastCheck = now;
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
