package org.nightbench.github;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * GitHub's webhook: every delivery must carry the HMAC of its body under the configured secret.
 * Only the command is stored here — GitHub gives a delivery 10 seconds — and {@link
 * PullRequestBenchmarks} does the rest in the background.
 */
@RestController
class GitHubWebhookController {

  private static final Logger log = LoggerFactory.getLogger(GitHubWebhookController.class);
  private static final Pattern DELIVERY = Pattern.compile("[A-Za-z0-9-]{1,64}");

  private final GitHubProperties properties;
  private final PullRequestBenchmarks benchmarks;
  private final JsonMapper json;

  GitHubWebhookController(
      GitHubProperties properties, PullRequestBenchmarks benchmarks, JsonMapper json) {
    this.properties = properties;
    this.benchmarks = benchmarks;
    this.json = json;
  }

  @PostMapping(path = "/api/github/webhook", produces = MediaType.TEXT_PLAIN_VALUE)
  ResponseEntity<String> receive(
      @RequestHeader(name = "X-GitHub-Event", required = false) String event,
      @RequestHeader(name = "X-Hub-Signature-256", required = false) String signature,
      @RequestHeader(name = "X-GitHub-Delivery", required = false) String delivery,
      @RequestBody(required = false) byte[] body,
      HttpServletRequest request) {
    if (!properties.enabled()) {
      return ResponseEntity.status(HttpStatus.NOT_FOUND).body("");
    }
    byte[] payload = body == null ? new byte[0] : body;
    if (!WebhookSignature.valid(properties.webhookSecret(), payload, signature)) {
      // No details for the sender: whoever forges deliveries learns nothing from the answer.
      log.warn(
          "GitHub webhook refused from {}: {} signature",
          request.getRemoteAddr(),
          signature == null ? "no" : "a wrong");
      return ResponseEntity.status(HttpStatus.UNAUTHORIZED).body("");
    }
    if ("ping".equals(event)) {
      return ResponseEntity.ok("pong");
    }
    if (!"issue_comment".equals(event)) {
      return ResponseEntity.accepted().body("ignored: not an issue comment");
    }
    if (delivery == null || !DELIVERY.matcher(delivery).matches()) {
      return ResponseEntity.badRequest().body("X-GitHub-Delivery is missing or malformed");
    }
    JsonNode tree;
    try {
      tree = json.readTree(payload);
    } catch (JacksonException e) {
      return ResponseEntity.badRequest().body("the body is not JSON");
    }
    Optional<IssueCommentEvent> comment;
    try {
      comment = IssueCommentEvent.of(tree);
    } catch (IllegalArgumentException e) {
      return ResponseEntity.badRequest().body(e.getMessage());
    }
    if (comment.isEmpty() || !BenchmarkCommand.isCommand(comment.get().body())) {
      return ResponseEntity.accepted().body("ignored: no /benchmark command on a pull request");
    }
    if (!comment.get().repository().equalsIgnoreCase(properties.repository())) {
      return ResponseEntity.accepted().body("ignored: not the configured repository");
    }
    return ResponseEntity.accepted().body(benchmarks.receive(delivery, comment.get()));
  }
}
