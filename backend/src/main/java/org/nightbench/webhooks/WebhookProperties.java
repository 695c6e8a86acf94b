package org.nightbench.webhooks;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where change points are announced and how hard sending is tried.
 *
 * @param urls every URL gets each new change point as a JSON POST; none by default
 * @param maxAttempts after this many failed attempts a delivery stays failed
 * @param initialBackoff the wait after the first failed attempt; it doubles after each further one
 * @param requestTimeout a URL that has not answered by then counts as a failed attempt
 * @param pollInterval how often a worker looks for deliveries that are due
 * @param workerEnabled whether this process sends deliveries; without it the process only enqueues
 *     them for other instances
 */
@ConfigurationProperties("nightbench.webhooks")
public record WebhookProperties(
    List<URI> urls,
    int maxAttempts,
    Duration initialBackoff,
    Duration requestTimeout,
    Duration pollInterval,
    Boolean workerEnabled) {

  // Keeps a large max-attempts from waiting for years (and 2^n from overflowing).
  private static final Duration MAX_BACKOFF = Duration.ofHours(6);

  public WebhookProperties {
    urls = urls == null ? List.of() : List.copyOf(urls);
    for (URI url : urls) {
      String scheme = url.getScheme();
      if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
        // Said at startup rather than as a failed delivery for every change point.
        throw new IllegalArgumentException(
            "nightbench.webhooks.urls: only http and https URLs can be posted to, not '"
                + url.getScheme()
                + ":…'");
      }
      if (url.getHost() == null) {
        throw new IllegalArgumentException(
            "nightbench.webhooks.urls: a URL without a host (" + url.getScheme() + "://…)");
      }
    }
    maxAttempts = maxAttempts <= 0 ? 8 : maxAttempts;
    initialBackoff = positive(initialBackoff, Duration.ofSeconds(30));
    requestTimeout = positive(requestTimeout, Duration.ofSeconds(10));
    pollInterval = positive(pollInterval, Duration.ofSeconds(15));
    workerEnabled = workerEnabled == null || workerEnabled;
  }

  /**
   * The wait before the next attempt after {@code attempts} failed ones, or null when they are used
   * up.
   */
  public Duration backoffAfter(int attempts) {
    if (attempts >= maxAttempts) {
      return null;
    }
    Duration wait = initialBackoff;
    for (int i = 1; i < attempts && wait.compareTo(MAX_BACKOFF) < 0; i++) {
      wait = wait.multipliedBy(2);
    }
    return wait.compareTo(MAX_BACKOFF) < 0 ? wait : MAX_BACKOFF;
  }

  private static Duration positive(Duration given, Duration otherwise) {
    return given == null || given.isZero() || given.isNegative() ? otherwise : given;
  }
}
