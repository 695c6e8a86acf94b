package org.nightbench.github;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What an {@code issue_comment} delivery says that matters here: a new comment on a pull request of
 * a repository, by whom, and how GitHub relates that person to the repository.
 */
record IssueCommentEvent(
    String repository, int pullNumber, String commenter, String association, String body) {

  /** The event when it is a newly created comment on a pull request; empty for anything else. */
  static Optional<IssueCommentEvent> of(JsonNode payload) {
    JsonNode issue = payload.path("issue");
    if (!"created".equals(payload.path("action").asString(""))
        || issue.path("pull_request").isMissingNode()
        || !issue.path("number").canConvertToInt()) {
      return Optional.empty();
    }
    JsonNode comment = payload.path("comment");
    return Optional.of(
        new IssueCommentEvent(
            payload.path("repository").path("full_name").asString(""),
            issue.path("number").asInt(),
            comment.path("user").path("login").asString(""),
            comment.path("author_association").asString(""),
            comment.path("body").asString("")));
  }
}
