package org.nightbench.github;

import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code pull_request_benchmark}: the one place its queries are written. */
@Repository
class PullRequestBenchmarkRepository {

  private static final String COLUMNS =
      "id, repository, pull_number, commenter, command, state, reply, comparison_id, head_sha,"
          + " base_sha, reply_comment_id";

  private final JdbcClient jdbc;

  PullRequestBenchmarkRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Stores a command once per GitHub delivery (GitHub redelivers on a timeout) and once per comment
   * (the delivery header is not signed: a replay may carry a new one); empty when this delivery or
   * comment was stored before.
   */
  Optional<Long> insert(
      String delivery,
      String repository,
      int pullNumber,
      long commentId,
      String commenter,
      String command,
      String state,
      String reply) {
    return jdbc.sql(
            "insert into pull_request_benchmark"
                + " (delivery, repository, pull_number, comment_id, commenter, command, state,"
                + " reply) values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id")
        .params(delivery, repository, pullNumber, commentId, commenter, command, state, reply)
        .query(Long.class)
        .optional();
  }

  /** Commands in {@code state}, oldest first. */
  List<PullRequestBenchmark> inState(String state) {
    return jdbc.sql(
            "select "
                + COLUMNS
                + " from pull_request_benchmark where state = ? order by id limit 50")
        .param(state)
        .query(PullRequestBenchmark.class)
        .list();
  }

  Optional<PullRequestBenchmark> find(long id) {
    return jdbc.sql("select " + COLUMNS + " from pull_request_benchmark where id = ?")
        .param(id)
        .query(PullRequestBenchmark.class)
        .optional();
  }

  /** Older commands of the same pull request that have not ended. */
  List<PullRequestBenchmark> openBefore(PullRequestBenchmark command) {
    return jdbc.sql(
            "select "
                + COLUMNS
                + " from pull_request_benchmark where repository = ? and pull_number = ?"
                + " and id < ? and state in ('received', 'running') order by id")
        .params(command.repository(), command.pullNumber(), command.id())
        .query(PullRequestBenchmark.class)
        .list();
  }

  /** The comparison is queued; the reply comment follows ({@link #replied}). */
  void started(long id, long comparisonId, String headSha, String baseSha) {
    jdbc.sql(
            "update pull_request_benchmark set state = 'running', comparison_id = ?, head_sha = ?,"
                + " base_sha = ?, updated_at = now() where id = ?")
        .params(comparisonId, headSha, baseSha, id)
        .update();
  }

  void replied(long id, long replyCommentId) {
    jdbc.sql(
            "update pull_request_benchmark set reply_comment_id = ?, updated_at = now()"
                + " where id = ?")
        .params(replyCommentId, id)
        .update();
  }

  void ended(long id, String state, String error) {
    jdbc.sql(
            "update pull_request_benchmark set state = ?, error = ?, updated_at = now()"
                + " where id = ?")
        .params(state, error, id)
        .update();
  }
}
