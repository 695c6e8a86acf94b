package org.nightbench.series.digest;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes runs, series, per-JVM points, result files and change points with plain SQL, as ingestion
 * and detection would leave them, all on one machine of the test's own (tests share a database).
 */
final class DigestTestData {

  final String machine = "digest-" + UUID.randomUUID().toString().substring(0, 8);
  private final JdbcClient jdbc;

  DigestTestData(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A succeeded release run of {@code version}, released (and finished) on {@code x}. */
  long release(String version, Instant x) {
    return run("maven:" + version, version, null, x, "25");
  }

  /** A succeeded run of this machine. */
  long run(String spec, String version, String sha, Instant x, String jdk) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, commit_sha, revision_date, machine,"
                + " profile, corpus, status, jdk, finished_at)"
                + " values (?, ?, ?, ?, ?, 'nightly', 'wikimedium10k', 'succeeded', ?, now())"
                + " returning id")
        .params(spec, version, sha, Timestamp.from(x), machine, jdk)
        .query(Long.class)
        .single();
  }

  /** A series of this machine; {@code higherIsBetter} for rates, not for times. */
  long series(String benchmark, String task, String metric, boolean higherIsBetter) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile)"
                + " values (?, ?, ?, ?, 'queries/s', ?, ?, '25', 'wikimedium10k', 'nightly')"
                + " returning id")
        .params(UUID.randomUUID().toString(), benchmark, task, metric, higherIsBetter, machine)
        .query(Long.class)
        .single();
  }

  /** One point of a series in a run, with every JVM's value; its x is the run's. */
  void point(long seriesId, long runId, double... samples) {
    double mean = 0;
    Double[] boxed = new Double[samples.length];
    for (int i = 0; i < samples.length; i++) {
      mean += samples[i] / samples.length;
      boxed[i] = samples[i];
    }
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " select ?, id, revision_date, ?, null, ? from run where id = ?")
        .params(seriesId, mean, boxed, runId)
        .update();
  }

  /** A result file of one step with {@code metrics} metrics (their content does not matter). */
  void step(long runId, int position, String step, int metrics) {
    StringBuilder list = new StringBuilder("[");
    for (int i = 0; i < metrics; i++) {
      list.append(i == 0 ? "" : ",").append("{\"name\":\"m").append(i).append("\"}");
    }
    jdbc.sql(
            "insert into run_result (run_id, position, step, command, result)"
                + " values (?, ?, ?, ?, cast(? as jsonb))")
        .params(runId, position, step, step, "{\"metrics\":" + list + "]}")
        .update();
  }

  void notes(long runId, String... notes) {
    jdbc.sql("update run set notes = ? where id = ?").params(notes, runId).update();
  }

  void disturbed(long runId, String reason) {
    jdbc.sql("update run set disturbed_reason = ? where id = ?").params(reason, runId).update();
  }

  /** A change point of a series at a run, in a triage state. */
  long changePoint(long seriesId, long runId, String state) {
    return jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction, state)"
                + " select ?, id, revision_date, 100, 80, -0.2, 'regression', ? from run"
                + " where id = ? returning id")
        .params(seriesId, state, runId)
        .query(Long.class)
        .single();
  }
}
