package org.nightbench.changepoints.marks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The marks and sensitivity overrides of series, in {@code detection_mark} and its override. */
@Repository
class DetectionMarkRepository {

  private static final String SELECT =
      "select d.id, d.series_id, d.run_id, d.kind, m.x, d.note, d.created_by, d.created_at"
          + " from detection_mark d"
          + " join measurement m on m.series_id = d.series_id and m.run_id = d.run_id";

  private final JdbcClient jdbc;

  DetectionMarkRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  boolean seriesExists(long seriesId) {
    return jdbc.sql("select exists (select 1 from series where id = ?)")
        .param(seriesId)
        .query(Boolean.class)
        .single();
  }

  /** Whether the run has a point in the series: only such a night can be marked. */
  boolean hasPoint(long seriesId, long runId) {
    return jdbc.sql("select exists (select 1 from measurement where series_id = ? and run_id = ?)")
        .params(seriesId, runId)
        .query(Boolean.class)
        .single();
  }

  /** The series' marks of one kind in x order. */
  List<DetectionMark> marks(long seriesId, MarkKind kind) {
    return jdbc.sql(SELECT + " where d.series_id = ? and d.kind = ? order by m.x, d.run_id")
        .params(seriesId, kind.stored())
        .query(DetectionMarkRepository::mark)
        .list();
  }

  Optional<DetectionMark> mark(long seriesId, long runId, MarkKind kind) {
    return jdbc.sql(SELECT + " where d.series_id = ? and d.run_id = ? and d.kind = ?")
        .params(seriesId, runId, kind.stored())
        .query(DetectionMarkRepository::mark)
        .optional();
  }

  /** Marks a night; marking it again replaces the note and records who. */
  void upsert(long seriesId, long runId, MarkKind kind, String note, String user) {
    jdbc.sql(
            "insert into detection_mark (series_id, run_id, kind, note, created_by)"
                + " values (?, ?, ?, ?, ?) on conflict (series_id, run_id, kind) do update"
                + " set note = excluded.note, created_by = excluded.created_by,"
                + " created_at = now()")
        .params(seriesId, runId, kind.stored(), note, user)
        .update();
  }

  /** Removes a mark; whether there was one. */
  boolean delete(long seriesId, long runId, MarkKind kind) {
    return jdbc.sql("delete from detection_mark where series_id = ? and run_id = ? and kind = ?")
            .params(seriesId, runId, kind.stored())
            .update()
        > 0;
  }

  Optional<Double> minRelativeChange(long seriesId) {
    return jdbc.sql("select min_relative_change from detection_override where series_id = ?")
        .param(seriesId)
        .query(Double.class)
        .optional();
  }

  void setMinRelativeChange(long seriesId, double minRelativeChange, String user) {
    jdbc.sql(
            "insert into detection_override (series_id, min_relative_change, updated_by)"
                + " values (?, ?, ?) on conflict (series_id) do update"
                + " set min_relative_change = excluded.min_relative_change,"
                + " updated_by = excluded.updated_by, updated_at = now()")
        .params(seriesId, minRelativeChange, user)
        .update();
  }

  boolean clearMinRelativeChange(long seriesId) {
    return jdbc.sql("delete from detection_override where series_id = ?").param(seriesId).update()
        > 0;
  }

  private static DetectionMark mark(ResultSet rs, int row) throws SQLException {
    return new DetectionMark(
        rs.getLong("id"),
        rs.getLong("series_id"),
        rs.getLong("run_id"),
        rs.getString("kind"),
        rs.getTimestamp("x").toInstant(),
        rs.getString("note"),
        rs.getString("created_by"),
        rs.getTimestamp("created_at").toInstant());
  }
}
