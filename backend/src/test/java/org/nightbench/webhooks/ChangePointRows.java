package org.nightbench.webhooks;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Writes series, runs and change points with plain SQL, as detection would leave them. */
final class ChangePointRows {

  static final String BEFORE_SHA = "abc1234f00dabc1234f00dabc1234f00dabc1234";
  static final String AFTER_SHA = "def5678beefdef5678beefdef5678beefdef5678";

  private final JdbcClient jdbc;

  ChangePointRows(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A series of bench-1; a fresh fingerprint keeps tests apart. */
  long series(String benchmark, String task, String metric, String unit) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, ?, ?, ?, ?, true, 'bench-1', '25',"
                + " 'europarl', 'nightly') returning id")
        .params(UUID.randomUUID().toString(), benchmark, task, metric, unit)
        .query(Long.class)
        .single();
  }

  /** A succeeded run of Lucene built from {@code sha}. */
  long gitRun(String sha) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " commit_sha) values ('git:main', '10.1.0-SNAPSHOT', 'bench-1', 'nightly',"
                + " 'europarl', 'succeeded', ?) returning id")
        .param(sha)
        .query(Long.class)
        .single();
  }

  /** A change point of {@code series} at {@code run}, by {@code relativeChange} from 100. */
  long changePoint(long series, long previousRun, long run, double relativeChange) {
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, p_value, effect_sigma, noise_sigma,"
                + " serial_correlation, direction)"
                + " values (?, ?, ?, ?, 100, ?, ?, 0.001, -6.5, 1.125, 0.25, ?) returning id")
        .params(
            series,
            run,
            previousRun,
            Timestamp.from(Instant.parse("2026-11-20T02:00:00Z")),
            100 * (1 + relativeChange),
            relativeChange,
            relativeChange < 0 ? "regression" : "improvement")
        .query(Long.class)
        .single();
  }

  /** A search HighTerm qps regression of 7.3 % between two git commits. */
  long regression() {
    return changePoint(
        series("search", "HighTerm", "qps", "queries/s"),
        gitRun(BEFORE_SHA),
        gitRun(AFTER_SHA),
        -0.073);
  }
}
