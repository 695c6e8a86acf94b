package org.nightbench.changepoints.evidence;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The runs' machine evidence ({@code run_machine_evidence}) and the series nights behind it. */
@Repository
class RunEvidenceRepository {

  private static final String COLUMNS =
      "e.control_version, e.control_series, e.control_change, e.control_noise, e.series,"
          + " e.moved_worse, e.moved_better, e.run_change";

  private final JdbcClient jdbc;

  RunEvidenceRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Every series' point of {@code runId} with its {@link RecentNights}: of its last {@value
   * RecentNights#COUNT} undisturbed runs before it, those the kept evidence does not give to the
   * machine.
   */
  List<SeriesNight> nights(long runId) {
    record Point(
        boolean control,
        String task,
        boolean higherIsBetter,
        double value,
        double[] previous,
        long[] runs) {}
    List<Point> points =
        jdbc.sql(
                "select s.benchmark, s.task, s.higher_is_better, m.value,"
                    + " array(select p.value from measurement p join run r on r.id = p.run_id"
                    + "   where p.series_id = m.series_id and p.x < m.x"
                    + "   and r.disturbed_reason is null order by p.x desc limit "
                    + RecentNights.COUNT
                    + ") as previous,"
                    + " array(select p.run_id from measurement p join run r on r.id = p.run_id"
                    + "   where p.series_id = m.series_id and p.x < m.x"
                    + "   and r.disturbed_reason is null order by p.x desc limit "
                    + RecentNights.COUNT
                    + ") as previous_runs"
                    + " from measurement m join series s on s.id = m.series_id"
                    + " where m.run_id = :run")
            .param("run", runId)
            .query(
                (rs, row) ->
                    new Point(
                        "control".equals(rs.getString("benchmark")),
                        rs.getString("task"),
                        rs.getBoolean("higher_is_better"),
                        rs.getDouble("value"),
                        doubles(rs.getArray("previous")),
                        longs(rs.getArray("previous_runs"))))
            .list();
    Set<Long> runs = new HashSet<>();
    points.forEach(p -> Arrays.stream(p.runs()).forEach(runs::add));
    Set<Long> machine = machine(runs);
    List<SeriesNight> nights = new ArrayList<>(points.size());
    for (Point p : points) {
      boolean[] flags = new boolean[p.runs().length];
      for (int i = 0; i < flags.length; i++) {
        flags[i] = machine.contains(p.runs()[i]);
      }
      nights.add(
          new SeriesNight(
              p.control(),
              p.task(),
              p.higherIsBetter(),
              p.value(),
              RecentNights.of(p.previous(), flags)));
    }
    return nights;
  }

  /** Of {@code runs}, those whose kept evidence is the machine's. */
  private Set<Long> machine(Set<Long> runs) {
    Set<Long> machine = new HashSet<>();
    if (runs.isEmpty()) {
      return machine;
    }
    jdbc.sql(
            "select e.run_id, "
                + COLUMNS
                + " from run_machine_evidence e where e.run_id = any(:runs)")
        .param("runs", runs.toArray(Long[]::new))
        .query(
            rs -> {
              if (evidence(rs, 0).machine()) {
                machine.add(rs.getLong("run_id"));
              }
            });
    return machine;
  }

  Optional<RunEvidence> stored(long runId) {
    return jdbc.sql("select " + COLUMNS + " from run_machine_evidence e where e.run_id = :run")
        .param("run", runId)
        .query(RunEvidenceRepository::evidence)
        .optional();
  }

  /** Keeps a run's evidence; a concurrent caller that stored it first wins. */
  void store(long runId, RunEvidence evidence) {
    jdbc.sql(
            "insert into run_machine_evidence (run_id, control_version, control_series,"
                + " control_change, control_noise, series, moved_worse, moved_better,"
                + " run_change)"
                + " select :run, :version, :controlSeries, :change, :noise, :series, :worse,"
                + " :better, :runChange where exists (select 1 from run where id = :run)"
                + " on conflict (run_id) do nothing")
        .param("run", runId)
        .param("version", evidence.controlVersion())
        .param("controlSeries", evidence.controlSeries())
        .param("change", evidence.controlChange())
        .param("noise", evidence.controlNoise())
        .param("series", evidence.series())
        .param("worse", evidence.movedWorse())
        .param("better", evidence.movedBetter())
        .param("runChange", evidence.runChange())
        .update();
  }

  /**
   * The runs with a point in series {@code seriesId} whose stored evidence is the machine's, each
   * with the machine's move then ({@link RunEvidence#machineMove()}, goodness; NaN where unknown).
   */
  Map<Long, Double> machineRuns(long seriesId) {
    Map<Long, Double> runs = new HashMap<>();
    jdbc.sql(
            "select e.run_id, "
                + COLUMNS
                + " from run_machine_evidence e join measurement m on m.run_id = e.run_id"
                + " where m.series_id = ?")
        .param(seriesId)
        .query(
            rs -> {
              RunEvidence evidence = evidence(rs, 0);
              if (evidence.machine()) {
                Double move = evidence.machineMove();
                runs.put(rs.getLong("run_id"), move == null ? Double.NaN : move);
              }
            });
    return runs;
  }

  /**
   * The runs where series {@code seriesId} has a change point an editor said is the code's move
   * ({@code change_point_attribution}, the attribution's table): its word stands over the evidence.
   */
  Set<Long> codeVerdictRuns(long seriesId) {
    return new HashSet<>(
        jdbc.sql(
                "select c.run_id from change_point c"
                    + " join change_point_attribution a on a.change_point_id = c.id"
                    + " where c.series_id = ? and a.verdict = 'code'")
            .param(seriesId)
            .query(Long.class)
            .list());
  }

  private static RunEvidence evidence(ResultSet rs, int row) throws SQLException {
    return new RunEvidence(
        rs.getString("control_version"),
        rs.getInt("control_series"),
        rs.getObject("control_change", Double.class),
        rs.getObject("control_noise", Double.class),
        rs.getInt("series"),
        rs.getInt("moved_worse"),
        rs.getInt("moved_better"),
        rs.getObject("run_change", Double.class));
  }

  private static long[] longs(Array array) throws SQLException {
    if (array == null) {
      return new long[0];
    }
    Object[] values = (Object[]) array.getArray();
    long[] longs = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      longs[i] = ((Number) values[i]).longValue();
    }
    return longs;
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
}
