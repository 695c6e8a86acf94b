package org.nightbench.webhooks;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import org.nightbench.attribution.Attribution;
import org.nightbench.attribution.Attributions;
import org.nightbench.lucene.LuceneGitProperties;
import org.nightbench.series.digest.RunDigest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Announces new change points, finished bisects and finished runs' digests: every configured URL
 * gets each message once a worker sends it.
 */
@Service
public class WebhookNotifier {

  private final WebhookProperties properties;
  private final WebhookDeliveries deliveries;
  private final JsonMapper json;
  private final Clock clock;
  private final String publicUrl;
  private final String gitWebUrl;
  private final Attributions attributions;

  WebhookNotifier(
      WebhookProperties properties,
      WebhookDeliveries deliveries,
      JsonMapper json,
      LuceneGitProperties git,
      ObjectProvider<Clock> clock,
      @Value("${nightbench.public-url:http://localhost:8080}") String publicUrl,
      Attributions attributions) {
    this.attributions = attributions;
    this.properties = properties;
    this.deliveries = deliveries;
    this.json = json;
    this.clock = clock.getIfAvailable(Clock::systemUTC);
    this.publicUrl = withoutTrailingSlash(publicUrl);
    this.gitWebUrl = withoutTrailingSlash(git.webUrl());
  }

  /**
   * Enqueues one delivery of the stored change point to every configured URL, in the caller's
   * transaction: a detection that rolls back announces nothing, and a second call for the same
   * change point adds nothing.
   *
   * @throws IllegalArgumentException when there is no change point {@code changePointId}
   */
  @Transactional
  public void changePointDetected(long changePointId) {
    if (properties.urls().isEmpty()) {
      return;
    }
    ChangePointPayload.Facts facts =
        deliveries
            .facts(changePointId)
            .orElseThrow(() -> new IllegalArgumentException("no change point " + changePointId));
    String payload =
        json.writeValueAsString(
            ChangePointPayload.of(facts, publicUrl, gitWebUrl, attribution(changePointId)));
    for (URI url : properties.urls()) {
      deliveries.enqueue(changePointId, url, payload, clock.instant());
    }
  }

  /** Whose move the change point is; null when that cannot be worked out (it never stops one). */
  private Attribution attribution(long changePointId) {
    try {
      return attributions.of(List.of(changePointId)).get(changePointId);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * Enqueues one delivery of a bisect's result to every configured URL, in the caller's
   * transaction; the payload (with a {@code text} field chat services show) is the caller's, since
   * this package knows nothing of bisects. A second call for the same bisect adds nothing.
   */
  @Transactional
  public void bisectFinished(long bisectId, Object payload) {
    if (properties.urls().isEmpty()) {
      return;
    }
    String json = this.json.writeValueAsString(payload);
    for (URI url : properties.urls()) {
      deliveries.enqueueBisect(bisectId, url, json, clock.instant());
    }
  }

  /**
   * Enqueues one delivery of a finished run's digest to every configured URL, in the caller's
   * transaction; a second call for the same run adds nothing.
   */
  @Transactional
  public void runFinished(RunDigest digest) {
    if (properties.urls().isEmpty()) {
      return;
    }
    String payload = json.writeValueAsString(RunDigestPayload.of(digest, publicUrl, gitWebUrl));
    for (URI url : properties.urls()) {
      deliveries.enqueueRun(digest.to().id(), url, payload, clock.instant());
    }
  }

  /** This dashboard's public address without a trailing slash, for links in payloads. */
  public String publicUrl() {
    return publicUrl;
  }

  private static String withoutTrailingSlash(String url) {
    String stripped = url.strip();
    return stripped.endsWith("/") ? stripped.substring(0, stripped.length() - 1) : stripped;
  }
}
