package org.nightbench.series;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Writes runs, series and measurements with plain SQL, as ingestion would leave them. */
final class SeriesTestData {

  private final JdbcClient jdbc;

  SeriesTestData(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A new series of the given benchmark and task; a fresh fingerprint keeps tests apart. */
  long series(String benchmark, String task, String metric, String unit) {
    return series(benchmark, task, metric, unit, "bench-1");
  }

  /** A series of {@code machine}. */
  long series(String benchmark, String task, String metric, String unit, String machine) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile)"
                + " values (?, ?, ?, ?, ?, true, ?, '17.0.15', 'wikimedium10k', 'nightly')"
                + " returning id")
        .params(UUID.randomUUID().toString(), benchmark, task, metric, unit, machine)
        .query(Long.class)
        .single();
  }

  /** A succeeded run of one Lucene version. */
  long run(String luceneVersion) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                + " values (?, ?, 'bench-1', 'nightly', 'wikimedium10k', 'succeeded') returning id")
        .params("maven:" + luceneVersion, luceneVersion)
        .query(Long.class)
        .single();
  }

  /** A succeeded run of a Lucene built from a git commit. */
  long gitRun(String luceneVersion, String sha) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " commit_sha) values (?, ?, 'bench-1', 'nightly', 'wikimedium10k', 'succeeded',"
                + " ?) returning id")
        .params("git:" + sha.substring(0, 7), luceneVersion, sha)
        .query(Long.class)
        .single();
  }

  /** One point of a series, measured by a run; {@code stddev} may be null. */
  void point(long seriesId, long runId, Instant x, double value, Double stddev) {
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " values (?, ?, ?, ?, ?, ?)")
        .params(seriesId, runId, Timestamp.from(x), value, stddev, new Double[] {value})
        .update();
  }
}
