package org.nightbench.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Defaults, the backoff schedule and URLs that cannot be posted to. */
class WebhookPropertiesTest {

  @Test
  void defaultsAnnounceNowhereAndTryEightTimesFromThirtySeconds() {
    WebhookProperties defaults = new WebhookProperties(null, 0, null, null, null, null);
    assertThat(defaults.urls()).isEmpty();
    assertThat(defaults.maxAttempts()).isEqualTo(8);
    assertThat(defaults.requestTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(defaults.workerEnabled()).isTrue();
    assertThat(defaults.backoffAfter(1)).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.backoffAfter(2)).isEqualTo(Duration.ofMinutes(1));
    assertThat(defaults.backoffAfter(7)).isEqualTo(Duration.ofMinutes(32));
    assertThat(defaults.backoffAfter(8)).as("the last attempt failed").isNull();
  }

  @Test
  void manyAttemptsWaitAtMostSixHours() {
    WebhookProperties patient =
        new WebhookProperties(List.of(), 100, Duration.ofMinutes(1), null, null, true);
    assertThat(patient.backoffAfter(99)).isEqualTo(Duration.ofHours(6));
  }

  @Test
  void onlyHttpUrlsWithAHostAreAccepted() {
    assertThatThrownBy(
            () ->
                new WebhookProperties(
                    List.of(URI.create("ftp://example.org/x")), 0, null, null, null, null))
        .hasMessageContaining("only http and https");
    assertThatThrownBy(
            () ->
                new WebhookProperties(
                    List.of(URI.create("https:///secret")), 0, null, null, null, null))
        .hasMessageContaining("without a host")
        .message()
        .doesNotContain("secret");
  }
}
