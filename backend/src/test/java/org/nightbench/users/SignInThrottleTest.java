package org.nightbench.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The throttle's counting on a clock the test moves, so no test waits for a window to pass. */
class SignInThrottleTest {

  private final AtomicLong nanos = new AtomicLong();
  private final Ticker ticker = nanos::get;
  private final SignInThrottle throttle =
      new SignInThrottle(new SignInThrottle.Limits(3, 8, Duration.ofMinutes(15)), ticker);

  @Test
  void aUserAtOneAddressIsBlockedAfterTheLimitUntilTheWindowHasPassed() {
    for (int i = 0; i < 3; i++) {
      assertThat(throttle.blocked("jane", "10.0.0.1")).isFalse();
      throttle.failed("jane", "10.0.0.1");
    }
    assertThat(throttle.blocked("jane", "10.0.0.1")).isTrue();
    // Case and spaces do not buy fresh attempts.
    assertThat(throttle.blocked(" JANE", "10.0.0.1")).isTrue();
    // Jane elsewhere, and others here, are not locked out by these three.
    assertThat(throttle.blocked("jane", "10.0.0.2")).isFalse();
    assertThat(throttle.blocked("joe", "10.0.0.1")).isFalse();

    nanos.addAndGet(Duration.ofMinutes(14).toNanos());
    assertThat(throttle.blocked("jane", "10.0.0.1")).isTrue();
    nanos.addAndGet(Duration.ofMinutes(2).toNanos());
    assertThat(throttle.blocked("jane", "10.0.0.1")).isFalse();
  }

  @Test
  void anAddressSprayingManyNamesSlowsEachNameThereButNoOtherName() {
    for (int i = 0; i < 20; i++) {
      throttle.failed("user" + i, "10.0.0.9");
    }
    // A newcomer, and anyone who never failed, signs in from the same office or proxy.
    assertThat(throttle.blocked("newcomer", "10.0.0.9")).isFalse();
    for (int i = 0; i < 2; i++) {
      throttle.failed("user0", "10.0.0.9");
    }
    assertThat(throttle.blocked("user0", "10.0.0.9")).isTrue();
  }

  @Test
  void aUserGuessedFromManyAddressesIsBlockedWhereItNeverSignedIn() {
    throttle.succeeded("admin", "10.0.0.5");
    for (int i = 0; i < 8; i++) {
      throttle.failed("admin", "10.0.1." + i);
    }
    assertThat(throttle.blocked("admin", "10.0.2.1")).isTrue();
    assertThat(throttle.blocked("editor", "10.0.2.1")).isFalse();
    assertThat(throttle.blocked("admin", "10.0.0.5"))
        .as("where the admin signs in, guesses from elsewhere do not refuse the right password")
        .isFalse();
  }

  @Test
  void aRightPasswordForgetsOnlyThatUsersFailuresAtThatAddress() {
    throttle.failed("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.4");
    throttle.succeeded("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.3");
    assertThat(throttle.blocked("jane", "10.0.0.3")).isFalse();
    throttle.failed("jane", "10.0.0.4");
    throttle.failed("jane", "10.0.0.4");
    assertThat(throttle.blocked("jane", "10.0.0.4")).as("not forgotten elsewhere").isTrue();
  }

  @Test
  void aKnownPairIsSlowedByItsOwnFailuresOnlyUpToThePerUserLimit() {
    throttle.succeeded("admin", "10.0.0.7");
    for (int i = 0; i < 20; i++) {
      throttle.failed("user" + i, "10.0.0.7");
    }
    for (int i = 0; i < 7; i++) {
      throttle.failed("admin", "10.0.0.7");
    }
    assertThat(throttle.blocked("admin", "10.0.0.7")).as("the known pair passes").isFalse();
    throttle.failed("admin", "10.0.0.7");
    assertThat(throttle.blocked("admin", "10.0.0.7")).isTrue();
  }

  @Test
  void knownPairsKeptElsewhereOutliveTheThrottle() {
    KnownPairs kept = KnownPairs.inMemory(Duration.ofDays(30), ticker);
    SignInThrottle.Limits limits = new SignInThrottle.Limits(3, 8, Duration.ofMinutes(15));
    new SignInThrottle(limits, ticker, kept).succeeded("Admin", "10.0.0.6");

    // A restart: a new throttle, the same store (the database).
    SignInThrottle restarted = new SignInThrottle(limits, ticker, kept);
    for (int i = 0; i < 8; i++) {
      restarted.failed("admin", "10.0.3." + i);
    }
    assertThat(restarted.blocked("admin", "10.0.0.6")).isFalse();
    assertThat(restarted.blocked("admin", "10.0.0.99")).isTrue();
  }

  @Test
  void aPairIsKnownOnlyForItsTrustTime() {
    SignInThrottle shortTrust =
        new SignInThrottle(
            new SignInThrottle.Limits(3, 8, Duration.ofMinutes(15), Duration.ofDays(1)), ticker);
    shortTrust.succeeded("jane", "10.0.0.8");
    nanos.addAndGet(Duration.ofHours(25).toNanos());
    for (int i = 0; i < 8; i++) {
      shortTrust.failed("jane", "10.0.4." + i);
    }
    assertThat(shortTrust.blocked("jane", "10.0.0.8")).isTrue();
  }
}
