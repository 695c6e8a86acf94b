package org.nightbench.changepoints;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A stored series of one machine of its own, filled with seeded nights: levels ± 1 %, one run a
 * night from 2020-01-01 on.
 */
final class SeriesFixture {

  static final Instant DAY0 = Instant.parse("2020-01-01T02:00:00Z");

  private final JdbcClient jdbc;
  final String machine = "marks-" + UUID.randomUUID().toString().substring(0, 8);
  private final SplittableRandom random = new SplittableRandom(17);
  final long id;

  SeriesFixture(JdbcClient jdbc) {
    this.jdbc = jdbc;
    this.id =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, 'search', 'MarkedTerm', 'qps',"
                    + " 'q/s', true, ?, '25', 'c', 'nightly') returning id")
            .params(UUID.randomUUID().toString(), machine)
            .query(Long.class)
            .single();
  }

  /** {@code n} nights from night {@code first} at {@code level} ± 1 %; their runs. */
  List<Long> nights(int first, int n, double level) {
    List<Long> runs = new ArrayList<>();
    for (int night = first; night < first + n; night++) {
      double value = level * (1 + 0.01 * random.nextGaussian());
      runs.add(store(night, value, level * 0.01, new Double[] {value}));
    }
    return runs;
  }

  /**
   * One night at night {@code night} whose JVMs measured {@code samples}: stored as ingestion
   * stores a point (their mean, their standard deviation when there are several); its run.
   */
  long night(int night, double[] samples) {
    return store(
        night,
        Mean.of(samples).getAsDouble(),
        samples.length > 1 ? StandardDeviation.of(samples).getAsDouble() : null,
        Arrays.stream(samples).boxed().toArray(Double[]::new));
  }

  /** A succeeded nightly run of this machine and the series' point at night {@code night}. */
  private long store(int night, double value, Double stddev, Double[] samples) {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                    + " values ('git:main', '11.0.0', ?, 'nightly', 'c', 'succeeded')"
                    + " returning id")
            .param(machine)
            .query(Long.class)
            .single();
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " values (?, ?, ?, ?, ?, ?)")
        .params(id, run, Timestamp.from(DAY0.plusSeconds(86_400L * night)), value, stddev, samples)
        .update();
    return run;
  }

  /**
   * The series' change points in x order: id, run, stage and triage state, as {@code id:run:stage:
   * state} strings that read well in an assertion's message.
   */
  List<String> stages() {
    return jdbc.sql(
            "select id || ':' || run_id || ':' || stage || ':' || state from change_point"
                + " where series_id = ? order by x, id")
        .param(id)
        .query(String.class)
        .list();
  }

  /** The runs where the series' stored change points start, in x order, in any state. */
  List<Long> changeRuns() {
    return jdbc.sql("select run_id from change_point where series_id = ? order by x")
        .param(id)
        .query(Long.class)
        .list();
  }
}
