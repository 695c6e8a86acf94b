package org.nightbench.github;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The four calls of GitHub's REST API that pull-request benchmarks need: read a pull request,
 * comment, edit that comment, set a commit status. Any failure is one line in a {@link
 * GitHubException}; the token never appears in it.
 */
@Component
class GitHubClient {

  /** The commit status's name on the pull request. */
  static final String STATUS_CONTEXT = "nightbench/benchmark";

  private static final int MAX_ERROR_BODY = 200;

  /** A pull request's head commit and the branch it targets. */
  record PullRequest(String headSha, String baseRef, String state) {}

  /** A comment this client made: its id (to edit it later) and its address. */
  record Comment(long id, String url) {}

  private final GitHubProperties properties;
  private final JsonMapper json;
  private final HttpClient http;

  GitHubClient(GitHubProperties properties, JsonMapper json) {
    this.properties = properties;
    this.json = json;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(properties.requestTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  PullRequest pull(String repository, int number) {
    JsonNode pull = send("GET", "/repos/" + repository + "/pulls/" + number, null);
    return new PullRequest(
        pull.path("head").path("sha").asString(),
        pull.path("base").path("ref").asString(),
        pull.path("state").asString());
  }

  Comment comment(String repository, int number, String body) {
    JsonNode made =
        send(
            "POST",
            "/repos/" + repository + "/issues/" + number + "/comments",
            Map.of("body", body));
    return new Comment(made.path("id").asLong(), made.path("html_url").asString());
  }

  void editComment(String repository, long commentId, String body) {
    send("PATCH", "/repos/" + repository + "/issues/comments/" + commentId, Map.of("body", body));
  }

  /**
   * Sets the commit status on {@code sha}.
   *
   * @param state pending, success, failure or error
   */
  void status(String repository, String sha, String state, String description, URI target) {
    send(
        "POST",
        "/repos/" + repository + "/statuses/" + sha,
        Map.of(
            "state",
            state,
            "description",
            description.length() > 140 ? description.substring(0, 139) + "…" : description,
            "target_url",
            target.toString(),
            "context",
            STATUS_CONTEXT));
  }

  private JsonNode send(String method, String path, Object body) {
    URI uri = URI.create(properties.apiUrl().toString().replaceAll("/+$", "") + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(properties.requestTimeout())
            .header("Accept", "application/vnd.github+json")
            .header("Authorization", "Bearer " + properties.token())
            .header("X-GitHub-Api-Version", "2022-11-28")
            .header("User-Agent", "Nightbench");
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .method(
              method,
              HttpRequest.BodyPublishers.ofString(
                  json.writeValueAsString(body), StandardCharsets.UTF_8));
    }
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      if (response.statusCode() / 100 != 2) {
        String start = response.body() == null ? "" : response.body().strip();
        start = start.length() > MAX_ERROR_BODY ? start.substring(0, MAX_ERROR_BODY) : start;
        throw new GitHubException(
            method + " " + path + " answered " + response.statusCode() + " " + oneLine(start));
      }
      String text = response.body();
      return text == null || text.isBlank() ? json.createObjectNode() : json.readTree(text);
    } catch (IOException e) {
      throw new GitHubException(method + " " + path + " failed: " + oneLine(e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GitHubException(method + " " + path + " interrupted");
    } catch (tools.jackson.core.JacksonException e) {
      throw new GitHubException(method + " " + path + " answered no JSON");
    }
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.lines().findFirst().orElse("").strip();
  }

  /** A call to GitHub that did not succeed, in one line. */
  static final class GitHubException extends RuntimeException {
    GitHubException(String message) {
      super(message);
    }
  }
}
