package org.nightbench.attribution;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Editors' verdicts on change points, and the runs' recorded environments. */
@Repository
class AttributionRepository {

  private final JdbcClient jdbc;

  AttributionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Per change point of {@code ids}: its series, run, direction and relative change. */
  Map<Long, Alerted> alerted(List<Long> ids) {
    Map<Long, Alerted> found = new HashMap<>();
    jdbc.sql(
            "select id, series_id, run_id, direction, relative_change, machine_change"
                + " from change_point"
                + " where id = any(:ids)")
        .param("ids", ids.toArray(Long[]::new))
        .query(
            (rs, row) ->
                found.put(
                    rs.getLong("id"),
                    new Alerted(
                        rs.getLong("series_id"),
                        rs.getLong("run_id"),
                        "regression".equals(rs.getString("direction")),
                        rs.getDouble("relative_change"),
                        machineChange(rs.getObject("machine_change", Double.class)))))
        .list();
    return found;
  }

  /** The editors' verdicts of {@code ids}: verdict and who set it. */
  Map<Long, String[]> overrides(List<Long> ids) {
    Map<Long, String[]> found = new HashMap<>();
    jdbc.sql(
            "select change_point_id, verdict, set_by from change_point_attribution"
                + " where change_point_id = any(:ids)")
        .param("ids", ids.toArray(Long[]::new))
        .query(
            (rs, row) ->
                found.put(
                    rs.getLong("change_point_id"),
                    new String[] {rs.getString("verdict"), rs.getString("set_by")}))
        .list();
    return found;
  }

  boolean changePointExists(long id) {
    return jdbc.sql("select exists (select 1 from change_point where id = ?)")
        .param(id)
        .query(Boolean.class)
        .single();
  }

  void override(long changePointId, Verdict verdict, String user) {
    jdbc.sql(
            "insert into change_point_attribution (change_point_id, verdict, set_by)"
                + " values (:id, :verdict, :user) on conflict (change_point_id) do update"
                + " set verdict = excluded.verdict, set_by = excluded.set_by, set_at = now()")
        .param("id", changePointId)
        .param("verdict", verdict.key())
        .param("user", user)
        .update();
  }

  void clearOverride(long changePointId) {
    jdbc.sql("delete from change_point_attribution where change_point_id = ?")
        .param(changePointId)
        .update();
  }

  /** A run's machine state and environment as recorded, JSON text each or null; empty if none. */
  Optional<String[]> recorded(long runId) {
    return jdbc.sql(
            "select cast(machine_state as text) as state, cast(environment as text) as environment"
                + " from run where id = :run")
        .param("run", runId)
        .query((rs, row) -> new String[] {rs.getString("state"), rs.getString("environment")})
        .optional();
  }

  private static double machineChange(Double stored) {
    return stored == null ? Double.NaN : stored;
  }

  /**
   * A change point's series, run, direction and step, as its attribution needs them, and the
   * machine's move where it was judged net of it (NaN otherwise).
   */
  record Alerted(
      long seriesId, long runId, boolean regression, double relativeChange, double machineChange) {}

  /**
   * Count and the sum of a hash of each whole row of the editors' verdicts: any write changes it.
   */
  String verdictsVersion() {
    return jdbc.sql(
            "select concat_ws(',', count(*), sum(hashtext(a::text)))"
                + " from change_point_attribution a")
        .query(String.class)
        .single();
  }
}
