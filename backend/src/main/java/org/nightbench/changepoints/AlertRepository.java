package org.nightbench.changepoints;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Change points with their series and commit range, and their triage fields. */
@Repository
class AlertRepository {

  private static final String SELECT =
      "select c.id, c.series_id, s.benchmark, s.task, s.metric, s.unit, s.machine, c.run_id,"
          + " c.previous_run_id, r.lucene_version, p.commit_sha as previous_commit_sha,"
          + " r.commit_sha, c.x, c.mean_before, c.mean_after, c.relative_change, c.p_value,"
          + " c.effect_sigma, c.noise_sigma, c.serial_correlation,"
          + " c.direction, c.stage, c.state, c.assignee, c.note, c.annotation_id, c.detected_at,"
          + " c.updated_by, c.updated_at, c.onset_nights, c.drift_nights, c.drift_slope,"
          + " exists (select 1 from run_profile f where f.run_id = c.run_id and f.side = '')"
          + " and exists (select 1 from run_profile f where f.run_id = c.previous_run_id"
          + " and f.side = '') as profiled"
          + " from change_point c join series s on s.id = c.series_id"
          + " join run r on r.id = c.run_id left join run p on p.id = c.previous_run_id";

  private final JdbcClient jdbc;

  AlertRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  List<Alert> find(AlertFilter filter, int offset) {
    List<String> where = new ArrayList<>();
    Map<String, Object> params = new LinkedHashMap<>();
    where.add("c.state = any(:states)");
    params.put("states", filter.states().stream().map(TriageState::stored).toArray(String[]::new));
    where.add("c.stage = any(:stages)");
    params.put("stages", filter.stages().toArray(String[]::new));
    if (filter.direction() != null) {
      where.add("c.direction = :direction");
      params.put("direction", filter.direction());
    }
    if (filter.benchmark() != null) {
      where.add("s.benchmark = :benchmark");
      params.put("benchmark", filter.benchmark());
    }
    if (filter.machine() != null) {
      where.add("s.machine = :machine");
      params.put("machine", filter.machine());
    }
    if (filter.minChange() != null) {
      where.add("abs(c.relative_change) >= :minChange");
      params.put("minChange", filter.minChange());
    }
    params.put("limit", filter.limit());
    params.put("offset", offset);
    // Newest first; within a night, a commit range's alerts together, the biggest first.
    return jdbc.sql(
            SELECT
                + " where "
                + String.join(" and ", where)
                + " order by c.x desc, c.run_id desc, abs(c.relative_change) desc, c.id"
                + " limit :limit offset :offset")
        .params(params)
        .query(AlertRepository::alert)
        .list();
  }

  /**
   * A cheap version of the change points: their count, highest id and the sum of a hash of each
   * whole row, so any new, changed (triaged) or removed change point changes it.
   */
  String version() {
    return jdbc.sql(
            "select concat_ws(',', count(*), max(c.id), sum(hashtext(c::text)))"
                + " from change_point c")
        .query(String.class)
        .single();
  }

  Optional<Alert> find(long id) {
    return jdbc.sql(SELECT + " where c.id = :id")
        .param("id", id)
        .query(AlertRepository::alert)
        .optional();
  }

  /** Applies one triage to every id; returns how many rows there were. */
  int update(List<Long> ids, Triage triage, String user) {
    return jdbc.sql(
            "update change_point set"
                + " state = coalesce(cast(:state as text), state),"
                + " assignee = case when cast(:assignee as text) is null then assignee"
                + "   else nullif(cast(:assignee as text), '') end,"
                + " note = case when cast(:note as text) is null then note"
                + "   else nullif(cast(:note as text), '') end,"
                + " annotation_id = coalesce(cast(:annotation as bigint), annotation_id),"
                + " updated_by = :user, updated_at = now()"
                + " where id = any(:ids)")
        .param("state", triage.state())
        .param("assignee", triage.assignee())
        .param("note", triage.note())
        .param("annotation", triage.annotationId())
        .param("user", user)
        .param("ids", ids.toArray(Long[]::new))
        .update();
  }

  /** Those of {@code ids} that are no change point's. */
  List<Long> missing(List<Long> ids) {
    return jdbc.sql(
            "select i from unnest(cast(:ids as bigint[])) i"
                + " where not exists (select 1 from change_point c where c.id = i) order by i")
        .param("ids", ids.toArray(Long[]::new))
        .query(Long.class)
        .list();
  }

  boolean annotationExists(long id) {
    return jdbc.sql("select exists (select 1 from annotation where id = ?)")
        .param(id)
        .query(Boolean.class)
        .single();
  }

  /** The machines and benchmark groups that have change points, for the filters' choices. */
  List<String> distinct(String column) {
    return jdbc.sql(
            "select distinct s."
                + column
                + " from change_point c join series s on s.id = c.series_id order by 1")
        .query(String.class)
        .list();
  }

  private static Alert alert(ResultSet rs, int row) throws SQLException {
    return new Alert(
        rs.getLong("id"),
        rs.getLong("series_id"),
        rs.getString("benchmark"),
        rs.getString("task"),
        rs.getString("metric"),
        rs.getString("unit"),
        rs.getString("machine"),
        rs.getLong("run_id"),
        rs.getObject("previous_run_id", Long.class),
        rs.getString("lucene_version"),
        rs.getString("previous_commit_sha"),
        rs.getString("commit_sha"),
        rs.getTimestamp("x").toInstant(),
        rs.getDouble("mean_before"),
        rs.getDouble("mean_after"),
        rs.getDouble("relative_change"),
        rs.getObject("p_value", Double.class),
        rs.getObject("effect_sigma", Double.class),
        rs.getObject("noise_sigma", Double.class),
        rs.getObject("serial_correlation", Double.class),
        rs.getString("direction"),
        rs.getString("stage"),
        rs.getString("state"),
        rs.getString("assignee"),
        rs.getString("note"),
        rs.getObject("annotation_id", Long.class),
        instant(rs.getTimestamp("detected_at")),
        rs.getString("updated_by"),
        instant(rs.getTimestamp("updated_at")),
        rs.getObject("onset_nights", Integer.class),
        rs.getObject("drift_nights", Integer.class),
        rs.getObject("drift_slope", Double.class),
        rs.getBoolean("profiled"));
  }

  private static java.time.Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
