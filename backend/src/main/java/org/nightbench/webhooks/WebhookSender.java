package org.nightbench.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import org.springframework.stereotype.Component;

/** POSTs one payload to one URL and says how it went; it never throws for a failed delivery. */
@Component
class WebhookSender {

  private static final int MAX_ERROR = 300;
  // Enough of an error answer to tell "invalid_token" from "channel_not_found".
  private static final int MAX_BODY = 200;

  private final HttpClient http;
  private final Duration timeout;

  WebhookSender(WebhookProperties properties) {
    this.timeout = properties.requestTimeout();
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            // A redirect of a POST is a misconfigured URL to fix, not something to follow blindly.
            .followRedirects(HttpClient.Redirect.NEVER)
            // HTTP/2 would first try an h2c upgrade on plain-HTTP receivers, which some mishandle.
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  /**
   * Sends {@code json}: delivered on a 2xx answer, failed with the status or the reason else.
   *
   * @throws CancellationException when the thread is interrupted while waiting for the answer
   */
  DeliveryAttempt post(URI url, String json) {
    HttpRequest request =
        HttpRequest.newBuilder(url)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("User-Agent", "Nightbench")
            .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
            .build();
    try {
      HttpResponse<InputStream> response =
          http.send(request, HttpResponse.BodyHandlers.ofInputStream());
      int status = response.statusCode();
      try (InputStream body = response.body()) {
        if (status >= 200 && status < 300) {
          return DeliveryAttempt.delivered(status);
        }
        String start = new String(body.readNBytes(MAX_BODY), StandardCharsets.UTF_8);
        return DeliveryAttempt.failed(
            status, oneLine(url, "HTTP " + status + (start.isBlank() ? "" : ": " + start)));
      }
    } catch (IOException e) {
      return DeliveryAttempt.failed(null, oneLine(url, describe(e)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      // The app is stopping: no attempt to record; the row's transaction rolls back and it stays
      // due.
      throw new CancellationException("webhook delivery interrupted");
    }
  }

  /**
   * The exception's type and the first message along its causes; the JDK client throws a refused
   * connection as a ConnectException with no message at all, which alone tells an admin little.
   */
  private static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return e.getClass().getSimpleName() + ": " + t.getMessage();
      }
    }
    if (e instanceof ConnectException) {
      return "ConnectException: could not connect (refused or unreachable)";
    }
    return e.getClass().getSimpleName();
  }

  /**
   * One line of at most {@value #MAX_ERROR} characters, with the URL's secret parts left out: the
   * error is shown to admins and the URL is not.
   */
  static String oneLine(URI url, String text) {
    String line = text.replace(url.toString(), WebhookDelivery.target(url));
    String path = url.getRawPath();
    if (path != null && path.length() > 1) {
      line = line.replace(path, "/…");
    }
    if (url.getRawQuery() != null) {
      line = line.replace(url.getRawQuery(), "…");
    }
    line = line.replaceAll("\\s+", " ").strip();
    return line.length() <= MAX_ERROR ? line : line.substring(0, MAX_ERROR - 1) + "…";
  }
}
