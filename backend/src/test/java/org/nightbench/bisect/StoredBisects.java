package org.nightbench.bisect;

import java.util.Locale;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Bisects stored as rows, as the poller would have left them, for page tests. */
final class StoredBisects {

  /** Ids of one stored scenario: an alert of a series with a found and a running bisect. */
  record Scenario(
      long series, long changePoint, long found, long running, long parentCmp, long culpritCmp) {}

  private final JdbcClient jdbc;

  StoredBisects(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  static String sha(int position) {
    return String.format(Locale.ROOT, "%07d", position).repeat(6).substring(0, 40);
  }

  /**
   * A series with an alert at its change, and two bisects of it over five commits (0 the good end,
   * 4 the bad end): one found (ends differ; 2 same; 3 different, so 3 is the culprit and 2 its
   * parent), one still measuring its ends.
   */
  Scenario scenario() {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, 'search', 'OrHighHigh', 'qps',"
                    + " 'q/s', true, 'panel-machine', '25', 'europarl', 'bisect') returning id")
            .param("bisect-panels-" + System.nanoTime())
            .query(Long.class)
            .single();
    long before = run(sha(0), "succeeded");
    long after = run(sha(4), "succeeded");
    long changePoint =
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, direction) values (?, ?, ?, now(), 100, 70,"
                    + " -0.3, 'regression') returning id")
            .params(series, after, before)
            .query(Long.class)
            .single();
    long found = bisect(series, changePoint, "found", 2, 3, "the change is 0000003 subject 3");
    long ends = comparison("succeeded");
    long parent = comparison("succeeded");
    long culprit = comparison("succeeded");
    probe(found, 0, 4, ends, "DIFFERENT", -0.3);
    probe(found, 1, 2, parent, "SAME", -0.01);
    probe(found, 2, 3, culprit, "DIFFERENT", -0.29);
    long running = bisect(series, changePoint, "running", 0, 4, null);
    // Queued (the tests' worker is off): the bisect poller leaves a probe waiting on it alone.
    probe(running, 0, 4, comparison("queued"), null, null);
    return new Scenario(series, changePoint, found, running, parent, culprit);
  }

  private long bisect(long series, long changePoint, String state, int good, int bad, String m) {
    long id =
        jdbc.sql(
                "insert into bisect (benchmark, task, metric, profile, corpus, jvms, max_jvms,"
                    + " want_profiles, state, good_position, bad_position, reference_effect,"
                    + " message, change_point_id, series_id, requested_by) values ('search',"
                    + " 'OrHighHigh', 'qps', 'bisect', 'europarl', 5, 20, true, ?, ?, ?, -0.3, ?,"
                    + " ?, ?, 'editor') returning id")
            .params(state, good, bad, m, changePoint, series)
            .query(Long.class)
            .single();
    for (int position = 0; position <= 4; position++) {
      jdbc.sql(
              "insert into bisect_commit (bisect_id, position, sha, subject, author, committed_at)"
                  + " values (?, ?, ?, ?, 'dev', now() - ? * interval '1 hour')")
          .params(id, position, sha(position), "subject " + position, 4 - position)
          .update();
    }
    return id;
  }

  void probe(long bisect, int step, int position, long comparison, String verdict, Double effect) {
    jdbc.sql(
            "insert into bisect_probe (bisect_id, step, position, comparison_id, jvms, verdict,"
                + " effect, effect_low, effect_high) values (?, ?, ?, ?, 5, ?, ?, ?, ?)")
        .params(
            bisect,
            step,
            position,
            comparison,
            verdict,
            effect,
            effect == null ? null : effect - 0.02,
            effect == null ? null : effect + 0.02)
        .update();
  }

  long comparison(String status) {
    long run = run(null, status);
    jdbc.sql(
            "insert into comparison (run_id, baseline_spec, candidate_spec, jvms)"
                + " values (?, 'git:a', 'git:b', 5)")
        .param(run)
        .update();
    return run;
  }

  private long run(String sha, String status) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " commit_sha) values ('git:main', '10.6.0', 'panel-machine', 'bisect',"
                + " 'europarl', ?, ?) returning id")
        .params(status, sha)
        .query(Long.class)
        .single();
  }
}
