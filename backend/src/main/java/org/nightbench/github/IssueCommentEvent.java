package org.nightbench.github;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What an {@code issue_comment} delivery says that matters here: a new comment (its id) on a pull
 * request of a repository, by whom, and how GitHub relates that person to the repository.
 *
 * @param commentId GitHub's id of the comment, inside the signed body: a command is stored once per
 *     comment, however often its delivery is replayed
 */
record IssueCommentEvent(
    String repository,
    int pullNumber,
    long commentId,
    String commenter,
    String association,
    String body) {

  /**
   * The event when it is a newly created comment on a pull request; empty for anything else.
   *
   * @throws IllegalArgumentException naming the field, for a pull request number or comment id that
   *     is not a positive integer
   */
  static Optional<IssueCommentEvent> of(JsonNode payload) {
    JsonNode issue = payload.path("issue");
    if (!"created".equals(payload.path("action").asString(""))
        || issue.path("pull_request").isMissingNode()) {
      return Optional.empty();
    }
    JsonNode number = issue.path("number");
    if (!number.isIntegralNumber() || !number.canConvertToInt() || number.asInt() <= 0) {
      throw new IllegalArgumentException("issue.number must be a positive integer");
    }
    JsonNode comment = payload.path("comment");
    JsonNode id = comment.path("id");
    if (!id.isIntegralNumber() || !id.canConvertToLong() || id.asLong() <= 0) {
      throw new IllegalArgumentException("comment.id must be a positive integer");
    }
    return Optional.of(
        new IssueCommentEvent(
            payload.path("repository").path("full_name").asString(""),
            number.asInt(),
            id.asLong(),
            comment.path("user").path("login").asString(""),
            comment.path("author_association").asString(""),
            comment.path("body").asString("")));
  }
}
