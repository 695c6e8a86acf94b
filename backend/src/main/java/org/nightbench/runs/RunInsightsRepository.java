package org.nightbench.runs;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.nightbench.series.digest.DigestService;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads what a run recorded beyond its points: notes, calibration, curves, query answers. */
@Repository
class RunInsightsRepository {

  private final JdbcClient jdbc;
  private final DigestService digests;

  RunInsightsRepository(JdbcClient jdbc, DigestService digests) {
    this.jdbc = jdbc;
    this.digests = digests;
  }

  Optional<RunInsights> find(Run run) {
    Long previous = previousWithQueryResults(run).orElse(null);
    List<RunInsights.QueryChange> changes =
        previous == null ? List.of() : changedQueries(run.id(), previous);
    List<RunInsights.CurveInfo> curves = curves(run.id());
    return jdbc.sql(
            "select notes, cast(machine_state as text) as machine_state, calibration_before,"
                + " calibration_after, disturbed_reason from run where id = :id")
        .param("id", run.id())
        .query(
            (rs, n) ->
                new RunInsights(
                    strings(rs.getArray("notes")),
                    rs.getString("machine_state"),
                    nullableDouble(rs, "calibration_before"),
                    nullableDouble(rs, "calibration_after"),
                    rs.getString("disturbed_reason"),
                    previous,
                    changes,
                    curves))
        .optional();
  }

  /** One curve's rows as stored: a JSON array of [x, y1, y2, ...]. */
  Optional<String> curveRows(long runId, int position) {
    return jdbc.sql(
            "select cast(rows as text) from run_curve where run_id = :run and position = :position")
        .param("run", runId)
        .param("position", position)
        .query(String.class)
        .optional();
  }

  private List<RunInsights.CurveInfo> curves(long runId) {
    return jdbc.sql(
            "select position, step, benchmark, task, name, x_label, labels from run_curve"
                + " where run_id = :run order by position")
        .param("run", runId)
        .query(
            (rs, n) ->
                new RunInsights.CurveInfo(
                    rs.getInt("position"),
                    rs.getString("step"),
                    rs.getString("benchmark"),
                    rs.getString("task"),
                    rs.getString("name"),
                    rs.getString("x_label"),
                    strings(rs.getArray("labels"))))
        .list();
  }

  /**
   * The previous comparable run, the one the digest compares the results with (issue 28: a run page
   * compares its results and its behaviour changes with the same run), if it recorded answers: the
   * same queries on the same documents should answer the same unless Lucene's behaviour changed.
   */
  private Optional<Long> previousWithQueryResults(Run run) {
    return digests
        .previousRunId(run.id())
        .filter(
            previous ->
                jdbc.sql("select exists (select 1 from run_query_result where run_id = ?)")
                    .param(previous)
                    .query(Boolean.class)
                    .single());
  }

  private List<RunInsights.QueryChange> changedQueries(long runId, long previousId) {
    return jdbc.sql(
            "select n.category, n.query_no, n.query, p.hits as previous_hits, n.hits,"
                + " p.top_hash is distinct from n.top_hash as top_changed"
                + " from run_query_result n join run_query_result p"
                + " on p.run_id = :previous and p.category = n.category and p.query = n.query"
                + " where n.run_id = :run and (p.hits <> n.hits or p.top_hash <> n.top_hash)"
                + " order by n.category, n.query_no")
        .param("run", runId)
        .param("previous", previousId)
        .query(
            (rs, n) ->
                new RunInsights.QueryChange(
                    rs.getString("category"),
                    rs.getInt("query_no"),
                    rs.getString("query"),
                    rs.getLong("previous_hits"),
                    rs.getLong("hits"),
                    rs.getBoolean("top_changed")))
        .list();
  }

  private static List<String> strings(Array array) throws SQLException {
    return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
  }

  private static Double nullableDouble(ResultSet rs, String column) throws SQLException {
    double value = rs.getDouble(column);
    return rs.wasNull() ? null : value;
  }
}
