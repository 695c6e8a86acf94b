package org.nightbench.webhooks;

import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The webhook_delivery rows: enqueued, claimed one at a time by workers, and listed. */
@Repository
class WebhookDeliveries {

  /** A delivery a worker holds locked while it sends it. */
  record Due(long id, URI url, String payload, int attempts) {}

  private static final String STATE =
      "case when delivered_at is not null then 'delivered'"
          + " when next_attempt_at is not null then 'pending' else 'failed' end";

  private static final String SELECT =
      "select id, change_point_id, url, "
          + STATE
          + " as state, attempts, last_status, last_error, last_attempt_at, next_attempt_at,"
          + " delivered_at, created_at, payload ->> 'text' as text from webhook_delivery";

  private final JdbcClient jdbc;

  WebhookDeliveries(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** What the payload tells of a change point, or empty when there is no such change point. */
  Optional<ChangePointPayload.Facts> facts(long changePointId) {
    return jdbc.sql(
            "select c.id, c.direction, c.relative_change, c.mean_before, c.mean_after, c.p_value,"
                + " c.effect_sigma, c.noise_sigma, c.serial_correlation, c.x, s.id as series_id, s.benchmark, s.task, s.metric, s.unit, s.machine,"
                + " s.higher_is_better, r.id as run_id, r.lucene_spec, r.lucene_version,"
                + " r.commit_sha, c.previous_run_id, p.lucene_version as previous_lucene_version,"
                + " p.commit_sha as previous_commit_sha"
                + " from change_point c join series s on s.id = c.series_id"
                + " join run r on r.id = c.run_id left join run p on p.id = c.previous_run_id"
                + " where c.id = ?")
        .param(changePointId)
        .query(
            (rs, row) ->
                new ChangePointPayload.Facts(
                    rs.getLong("id"),
                    rs.getString("direction"),
                    rs.getDouble("relative_change"),
                    rs.getDouble("mean_before"),
                    rs.getDouble("mean_after"),
                    rs.getObject("p_value", Double.class),
                    rs.getObject("effect_sigma", Double.class),
                    rs.getObject("noise_sigma", Double.class),
                    rs.getObject("serial_correlation", Double.class),
                    rs.getTimestamp("x").toInstant(),
                    rs.getLong("series_id"),
                    rs.getString("benchmark"),
                    rs.getString("task"),
                    rs.getString("metric"),
                    rs.getString("unit"),
                    rs.getString("machine"),
                    rs.getBoolean("higher_is_better"),
                    rs.getLong("run_id"),
                    rs.getString("lucene_spec"),
                    rs.getString("lucene_version"),
                    rs.getString("commit_sha"),
                    rs.getObject("previous_run_id", Long.class),
                    rs.getString("previous_lucene_version"),
                    rs.getString("previous_commit_sha")))
        .optional();
  }

  /**
   * A delivery of {@code payload} to {@code url}, due at {@code now}; nothing when the change point
   * has one to that URL already, so a repeated call sends nothing twice.
   */
  void enqueue(long changePointId, URI url, String payload, Instant now) {
    jdbc.sql(
            "insert into webhook_delivery (change_point_id, url, payload, next_attempt_at)"
                + " values (?, ?, cast(? as jsonb), ?) on conflict (change_point_id, url) do nothing")
        .params(changePointId, url.toString(), payload, Timestamp.from(now))
        .update();
  }

  void enqueueBisect(long bisectId, URI url, String payload, Instant now) {
    jdbc.sql(
            "insert into webhook_delivery (bisect_id, url, payload, next_attempt_at)"
                + " values (?, ?, cast(? as jsonb), ?)"
                + " on conflict (bisect_id, url) where bisect_id is not null do nothing")
        .params(bisectId, url.toString(), payload, Timestamp.from(now))
        .update();
  }

  /** A delivery of a finished run's digest; nothing when the run has one to that URL already. */
  void enqueueRun(long runId, URI url, String payload, Instant now) {
    jdbc.sql(
            "insert into webhook_delivery (run_id, url, payload, next_attempt_at)"
                + " values (?, ?, cast(? as jsonb), ?)"
                + " on conflict (run_id, url) where run_id is not null do nothing")
        .params(runId, url.toString(), payload, Timestamp.from(now))
        .update();
  }

  /**
   * The longest-waiting delivery due at {@code now}, locked until the caller's transaction ends;
   * rows another worker holds are skipped rather than waited for, so no row is sent twice at once.
   */
  Optional<Due> claimDue(Instant now) {
    return jdbc.sql(
            "select id, url, payload::text as payload, attempts from webhook_delivery"
                + " where delivered_at is null and next_attempt_at <= ?"
                + " order by next_attempt_at, id limit 1 for update skip locked")
        .param(Timestamp.from(now))
        .query(
            (rs, row) ->
                new Due(
                    rs.getLong("id"),
                    URI.create(rs.getString("url")),
                    rs.getString("payload"),
                    rs.getInt("attempts")))
        .optional();
  }

  /**
   * Records one attempt: delivered when {@code deliveredAt} is set, else failed with the next
   * attempt at {@code next}, or for good when that is null.
   */
  void recordAttempt(
      long id, DeliveryAttempt attempt, Instant at, Instant deliveredAt, Instant next) {
    jdbc.sql(
            "update webhook_delivery set attempts = attempts + 1, last_status = ?,"
                + " last_error = ?, last_attempt_at = ?, delivered_at = ?, next_attempt_at = ?"
                + " where id = ?")
        .params(
            attempt.status(),
            attempt.error(),
            Timestamp.from(at),
            timestamp(deliveredAt),
            timestamp(next),
            id)
        .update();
  }

  /** Newest first, all or those in {@code state}. */
  List<WebhookDelivery> list(DeliveryState state, int limit) {
    JdbcClient.StatementSpec query =
        jdbc.sql(
                SELECT
                    + (state == null ? "" : " where " + STATE + " = :state")
                    + " order by id desc limit :limit")
            .param("limit", limit);
    if (state != null) {
      query = query.param("state", state.shown());
    }
    return query.query(WebhookDeliveries::delivery).list();
  }

  Optional<WebhookDelivery> find(long id) {
    return jdbc.sql(SELECT + " where id = ?")
        .param(id)
        .query(WebhookDeliveries::delivery)
        .optional();
  }

  /** Makes a pending or failed delivery due at {@code now}; false when it is delivered already. */
  boolean makeDue(long id, Instant now) {
    return jdbc.sql(
                "update webhook_delivery set next_attempt_at = ?"
                    + " where id = ? and delivered_at is null")
            .params(Timestamp.from(now), id)
            .update()
        == 1;
  }

  private static WebhookDelivery delivery(ResultSet rs, int row) throws SQLException {
    return new WebhookDelivery(
        rs.getLong("id"),
        rs.getLong("change_point_id"),
        WebhookDelivery.target(URI.create(rs.getString("url"))),
        rs.getString("state"),
        rs.getInt("attempts"),
        rs.getObject("last_status", Integer.class),
        rs.getString("last_error"),
        instant(rs.getTimestamp("last_attempt_at")),
        instant(rs.getTimestamp("next_attempt_at")),
        instant(rs.getTimestamp("delivered_at")),
        instant(rs.getTimestamp("created_at")),
        rs.getString("text"));
  }

  private static Timestamp timestamp(Instant instant) {
    return instant == null ? null : Timestamp.from(instant);
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
