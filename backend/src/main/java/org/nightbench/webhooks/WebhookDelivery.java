package org.nightbench.webhooks;

import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URI;
import java.time.Instant;

/**
 * One change point's message to one URL, as admins see it: the URL reduced to its scheme and host,
 * because chat webhook URLs carry their secret in the path.
 *
 * @param target e.g. {@code https://hooks.slack.com}
 * @param state {@code pending}, {@code delivered} or {@code failed}
 * @param lastStatus the HTTP status of the last answer, or null when there was none
 * @param lastError one line on why the last attempt failed, or null
 * @param nextAttemptAt when a worker tries again; null once delivered or failed
 * @param text the chat line of the payload
 */
@Schema(description = "A webhook delivery of one change point to one configured URL")
public record WebhookDelivery(
    long id,
    long changePointId,
    String target,
    String state,
    int attempts,
    Integer lastStatus,
    String lastError,
    Instant lastAttemptAt,
    Instant nextAttemptAt,
    Instant deliveredAt,
    Instant createdAt,
    String text) {

  /** Scheme, host and port of {@code url}: never its user info, path or query. */
  static String target(URI url) {
    String host = url.getHost() == null ? "?" : url.getHost();
    return url.getScheme() + "://" + host + (url.getPort() < 0 ? "" : ":" + url.getPort());
  }
}
