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
      new SignInThrottle(new SignInThrottle.Limits(3, 5, 8, Duration.ofMinutes(15)), ticker);

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
  void anAddressTryingManyUsersIsBlockedForAllOfThem() {
    for (int i = 0; i < 5; i++) {
      throttle.failed("user" + i, "10.0.0.9");
    }
    assertThat(throttle.blocked("someone-else", "10.0.0.9")).isTrue();
    assertThat(throttle.blocked("someone-else", "10.0.0.10")).isFalse();
  }

  @Test
  void aUserGuessedFromManyAddressesIsBlockedEverywhere() {
    for (int i = 0; i < 8; i++) {
      throttle.failed("admin", "10.0.1." + i);
    }
    assertThat(throttle.blocked("admin", "10.0.2.1")).isTrue();
    assertThat(throttle.blocked("editor", "10.0.2.1")).isFalse();
  }

  @Test
  void aRightPasswordForgetsOnlyThatUsersFailuresAtThatAddress() {
    throttle.failed("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.3");
    throttle.succeeded("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.3");
    throttle.failed("jane", "10.0.0.3");
    assertThat(throttle.blocked("jane", "10.0.0.3")).isFalse();
    // The address's count was not reset by Jane's success: this is its fifth failure.
    throttle.failed("joe", "10.0.0.3");
    assertThat(throttle.blocked("anyone", "10.0.0.3")).isTrue();
  }

  @Test
  void othersFailuresAtASharedAddressNeverRefuseAKnownPair() {
    throttle.succeeded("admin", "10.0.0.7");
    // Someone else at the same address (a proxy, an office) guesses names and the admin's password.
    for (int i = 0; i < 5; i++) {
      throttle.failed("user" + i, "10.0.0.7");
    }
    for (int i = 0; i < 3; i++) {
      throttle.failed("admin", "10.0.0.7");
    }
    assertThat(throttle.blocked("admin", "10.0.0.7")).as("the known pair passes").isFalse();
    assertThat(throttle.blocked("newcomer", "10.0.0.7")).as("a new pair is slowed").isTrue();
    assertThat(throttle.blocked("user0", "10.0.0.7")).isTrue();
    // The per-user limit still holds for everyone, known pairs too.
    for (int i = 0; i < 5; i++) {
      throttle.failed("admin", "10.0.9." + i);
    }
    assertThat(throttle.blocked("admin", "10.0.0.7")).isTrue();
  }

  @Test
  void aPairIsKnownOnlyForItsTrustTime() {
    SignInThrottle shortTrust =
        new SignInThrottle(
            new SignInThrottle.Limits(3, 5, 8, Duration.ofMinutes(15), Duration.ofDays(1)), ticker);
    shortTrust.succeeded("jane", "10.0.0.8");
    nanos.addAndGet(Duration.ofHours(25).toNanos());
    for (int i = 0; i < 5; i++) {
      shortTrust.failed("user" + i, "10.0.0.8");
    }
    assertThat(shortTrust.blocked("jane", "10.0.0.8")).isTrue();
  }
}
