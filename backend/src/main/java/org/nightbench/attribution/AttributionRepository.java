package org.nightbench.attribution;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The runs' machine evidence, the series nights it is worked out of, and editors' verdicts. */
@Repository
class AttributionRepository {

  /** How many recent nights of a series make its level and noise. */
  static final int RECENT_NIGHTS = 10;

  private final JdbcClient jdbc;

  AttributionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Every series' point of {@code runId} with the points of its last {@link #RECENT_NIGHTS}
   * undisturbed runs before it.
   */
  List<SeriesNight> nights(long runId) {
    return jdbc.sql(
            "select s.benchmark, s.task, s.higher_is_better, m.value,"
                + " array(select p.value from measurement p join run r on r.id = p.run_id"
                + "   where p.series_id = m.series_id and p.x < m.x and r.disturbed_reason is null"
                + "   order by p.x desc limit "
                + RECENT_NIGHTS
                + ") as previous"
                + " from measurement m join series s on s.id = m.series_id"
                + " where m.run_id = :run")
        .param("run", runId)
        .query(
            (rs, row) ->
                new SeriesNight(
                    "control".equals(rs.getString("benchmark")),
                    rs.getString("task"),
                    rs.getBoolean("higher_is_better"),
                    rs.getDouble("value"),
                    doubles(rs.getArray("previous"))))
        .list();
  }

  Optional<Evidence> stored(long runId) {
    return jdbc.sql(
            "select control_version, control_series, control_change, control_noise, series,"
                + " moved_worse, moved_better from run_machine_evidence where run_id = :run")
        .param("run", runId)
        .query(AttributionRepository::evidence)
        .optional();
  }

  /** Keeps a run's evidence; a concurrent reader that stored it first wins. */
  void store(long runId, Evidence evidence) {
    jdbc.sql(
            "insert into run_machine_evidence (run_id, control_version, control_series,"
                + " control_change, control_noise, series, moved_worse, moved_better)"
                + " select :run, :version, :controlSeries, :change, :noise, :series, :worse,"
                + " :better where exists (select 1 from run where id = :run)"
                + " on conflict (run_id) do nothing")
        .param("run", runId)
        .param("version", evidence.controlVersion())
        .param("controlSeries", evidence.controlSeries())
        .param("change", evidence.controlChange())
        .param("noise", evidence.controlNoise())
        .param("series", evidence.series())
        .param("worse", evidence.movedWorse())
        .param("better", evidence.movedBetter())
        .update();
  }

  /** Per change point of {@code ids}: its run, direction and relative change. */
  Map<Long, Alerted> alerted(List<Long> ids) {
    Map<Long, Alerted> found = new HashMap<>();
    jdbc.sql(
            "select id, run_id, direction, relative_change from change_point"
                + " where id = any(:ids)")
        .param("ids", ids.toArray(Long[]::new))
        .query(
            (rs, row) ->
                found.put(
                    rs.getLong("id"),
                    new Alerted(
                        rs.getLong("run_id"),
                        "regression".equals(rs.getString("direction")),
                        rs.getDouble("relative_change"))))
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

  /** A change point's run, direction and step, as its attribution needs them. */
  record Alerted(long runId, boolean regression, double relativeChange) {}

  private static Evidence evidence(ResultSet rs, int row) throws SQLException {
    return new Evidence(
        rs.getString("control_version"),
        rs.getInt("control_series"),
        rs.getObject("control_change", Double.class),
        rs.getObject("control_noise", Double.class),
        rs.getInt("series"),
        rs.getInt("moved_worse"),
        rs.getInt("moved_better"));
  }

  private static double[] doubles(Array array) throws SQLException {
    if (array == null) {
      return new double[0];
    }
    Object[] values = (Object[]) array.getArray();
    double[] doubles = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      doubles[i] = ((Number) values[i]).doubleValue();
    }
    return doubles;
  }

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
