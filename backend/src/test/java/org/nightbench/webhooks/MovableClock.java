package org.nightbench.webhooks;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** A clock that stands still until a test moves it, so backoff is checked without waiting. */
final class MovableClock extends Clock {

  private volatile Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);

  void advance(Duration by) {
    now = now.plus(by);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the webhook code asks for instants only");
  }
}
