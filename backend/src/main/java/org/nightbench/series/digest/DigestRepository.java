package org.nightbench.series.digest;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads what a digest is made of (runs, their per-JVM samples, steps, change points) and keeps the
 * prepared digests ({@code run_digest}). Writes nothing else: ingestion owns the points.
 */
@Repository
class DigestRepository {

  private static final String RUN_COLUMNS =
      "r.id, r.lucene_spec, r.lucene_version, r.commit_sha, r.revision_date, r.machine, r.jdk,"
          + " r.corpus, r.profile, r.status, r.disturbed_reason, r.notes";

  private final JdbcClient jdbc;

  DigestRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Optional<DigestRun> run(long id) {
    return jdbc.sql("select " + RUN_COLUMNS + " from run r where r.id = ?")
        .param(id)
        .query((rs, n) -> run(rs))
        .optional();
  }

  /** The succeeded runs of {@code run}'s machine, JDK, corpus and profile, in no order. */
  List<DigestRun> family(DigestRun run) {
    return jdbc.sql(
            "select "
                + RUN_COLUMNS
                + " from run r where r.status = 'succeeded' and r.machine = ? and r.corpus = ?"
                + " and r.profile = ? and r.jdk is not distinct from ?")
        .params(run.machine(), run.corpus(), run.profile(), run.jdk())
        .query((rs, n) -> run(rs))
        .list();
  }

  /**
   * Every machine's most recently finished succeeded run: the family (JDK, corpus, profile) whose
   * newest run the overview's digest shows.
   */
  List<DigestRun> latestFinishedPerMachine() {
    return jdbc.sql(
            "select distinct on (r.machine) "
                + RUN_COLUMNS
                + " from run r where r.status = 'succeeded'"
                + " order by r.machine, r.finished_at desc nulls last, r.id desc")
        .query((rs, n) -> run(rs))
        .list();
  }

  /** A run's points: series identity and every JVM's value, keyed by series. */
  Map<Long, Measured> measured(long runId) {
    Map<Long, Measured> measured = new LinkedHashMap<>();
    jdbc.sql(
            "select s.id, s.benchmark, s.task, s.metric, s.unit, s.higher_is_better, m.samples"
                + " from measurement m join series s on s.id = m.series_id where m.run_id = ?"
                + " order by s.benchmark, s.task, s.metric, s.id")
        .param(runId)
        .query(
            rs -> {
              measured.put(
                  rs.getLong("id"),
                  new Measured(
                      rs.getLong("id"),
                      rs.getString("benchmark"),
                      rs.getString("task"),
                      rs.getString("metric"),
                      rs.getString("unit"),
                      rs.getBoolean("higher_is_better"),
                      doubles(rs.getArray("samples"))));
            });
    return measured;
  }

  /** One series' point in one run. */
  record Measured(
      long seriesId,
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter,
      double[] samples) {}

  /** How many metrics each step of a run's result files reported, by step, in step order. */
  Map<String, Integer> metricsPerStep(long runId) {
    Map<String, Integer> steps = new LinkedHashMap<>();
    jdbc.sql(
            "select step, sum(jsonb_array_length(coalesce(result -> 'metrics', '[]'::jsonb)))"
                + " as metrics from run_result where run_id = ? group by step"
                + " order by min(position)")
        .param(runId)
        .query(
            rs -> {
              steps.put(rs.getString("step"), rs.getInt("metrics"));
            });
    return steps;
  }

  /**
   * The change point found for each series at any of {@code runIds}, the latest in the given order
   * winning, with its triage state: the one place a digest learns of change points. A drift counts
   * at its last night too, where it was seen whole.
   */
  Map<Long, ChangePointRef> changePointsAt(List<Long> runIds) {
    if (runIds.isEmpty()) {
      return Map.of();
    }
    Map<Long, Integer> position = new HashMap<>();
    for (int i = 0; i < runIds.size(); i++) {
      position.put(runIds.get(i), i);
    }
    Map<Long, ChangePointRef> found = new HashMap<>();
    Map<Long, Integer> foundAt = new HashMap<>();
    jdbc.sql(
            "select c.id, c.series_id, c.run_id, c.state, c.stage, c.direction,"
                + " c.relative_change, c.effect_sigma, c.drift_nights, c.drift_slope,"
                + " case when c.run_id = any(?) then c.run_id else c.drift_last_run_id end as at_run"
                + " from change_point c"
                + " where c.run_id = any(?) or c.drift_last_run_id = any(?) order by c.id")
        .params(
            runIds.toArray(Long[]::new), runIds.toArray(Long[]::new), runIds.toArray(Long[]::new))
        .query(
            rs -> {
              long series = rs.getLong("series_id");
              int at = position.get(rs.getLong("at_run"));
              if (!foundAt.containsKey(series) || foundAt.get(series) <= at) {
                foundAt.put(series, at);
                found.put(
                    series,
                    new ChangePointRef(
                        rs.getLong("id"),
                        rs.getString("state"),
                        rs.getString("stage"),
                        rs.getLong("run_id"),
                        rs.getString("direction"),
                        rs.getObject("relative_change", Double.class),
                        rs.getObject("effect_sigma", Double.class),
                        rs.getObject("drift_nights", Integer.class),
                        rs.getObject("drift_slope", Double.class)));
              }
            });
    return found;
  }

  /**
   * What is kept of a run's prepared digest, without its body: its previous run and when it was
   * judged, enough to tell whether an already parsed copy is current.
   */
  Optional<Stored> stored(long runId) {
    return jdbc.sql("select previous_run_id, computed_at from run_digest where run_id = ?")
        .param(runId)
        .query(
            (rs, n) ->
                new Stored(
                    runId,
                    rs.getObject("previous_run_id", Long.class),
                    rs.getTimestamp("computed_at").toInstant().toEpochMilli()))
        .optional();
  }

  /** A prepared digest as kept. */
  record Stored(long runId, Long previousRunId, long computedAt) {}

  /** The JSON of a run's prepared digest. */
  String body(long runId) {
    return jdbc.sql("select cast(body as text) from run_digest where run_id = ?")
        .param(runId)
        .query(String.class)
        .single();
  }

  /** Keeps (or replaces) a run's prepared digest. */
  void store(long runId, Long previousRunId, String body) {
    jdbc.sql(
            "insert into run_digest (run_id, previous_run_id, body) values (?, ?, cast(? as jsonb))"
                + " on conflict (run_id) do update set previous_run_id = excluded.previous_run_id,"
                + " body = excluded.body, computed_at = now()")
        .params(runId, previousRunId, body)
        .update();
  }

  /**
   * A value that changes whenever a digest could: points added or removed, a digest prepared, a
   * change point found or triaged.
   */
  String version() {
    return jdbc.sql(
            "select (select count(*) || ':' || coalesce(sum(points_version), 0) from series)"
                + " || '/' || (select count(*) || ':' || coalesce(max(computed_at)::text, '')"
                + "   from run_digest)"
                + " || '/' || (select count(*) || ':' || coalesce(max(id), 0) || ':'"
                // A suspicion confirmed or withdrawn changes the digest's column as a triage does.
                + "   || coalesce(max(greatest(updated_at, suspected_at, confirmed_at,"
                + "   withdrawn_at))::text, '') from change_point)")
        .query(String.class)
        .single();
  }

  private static DigestRun run(ResultSet rs) throws SQLException {
    Timestamp x = rs.getTimestamp("revision_date");
    Array notes = rs.getArray("notes");
    return new DigestRun(
        rs.getLong("id"),
        rs.getString("lucene_spec"),
        rs.getString("lucene_version"),
        rs.getString("commit_sha"),
        x == null ? null : x.toInstant(),
        rs.getString("machine"),
        rs.getString("jdk"),
        rs.getString("corpus"),
        rs.getString("profile"),
        rs.getString("status"),
        rs.getString("disturbed_reason"),
        notes == null ? List.of() : Arrays.asList((String[]) notes.getArray()));
  }

  private static double[] doubles(Array array) throws SQLException {
    Double[] boxed = (Double[]) array.getArray();
    double[] values = new double[boxed.length];
    for (int i = 0; i < boxed.length; i++) {
      values[i] = boxed[i];
    }
    return values;
  }
}
