package org.nightbench.changepoints;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.nightbench.changepoints.detection.DetectedChange;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** What detection reads (a series' points) and writes (its change points). */
@Repository
class DetectionRepository {

  private final JdbcClient jdbc;

  DetectionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * A series' points in x order, leaving out runs on a disturbed machine: their points stay on the
   * chart but would be read as steps of Lucene's.
   */
  Optional<SeriesHistory> history(long seriesId) {
    Optional<Boolean> higherIsBetter =
        jdbc.sql("select higher_is_better from series where id = ?")
            .param(seriesId)
            .query(Boolean.class)
            .optional();
    if (higherIsBetter.isEmpty()) {
      return Optional.empty();
    }
    List<long[]> keys = new ArrayList<>();
    List<double[]> values = new ArrayList<>();
    jdbc.sql(
            "select m.run_id, m.x, m.value, m.stddev from measurement m"
                + " join run r on r.id = m.run_id"
                + " where m.series_id = ? and r.disturbed_reason is null"
                + " order by m.x, m.run_id")
        .param(seriesId)
        .query(
            rs -> {
              keys.add(new long[] {rs.getLong(1), rs.getTimestamp(2).getTime()});
              double stddev = rs.getDouble(4);
              values.add(new double[] {rs.getDouble(3), rs.wasNull() ? Double.NaN : stddev});
            });
    int n = keys.size();
    long[] runIds = new long[n];
    long[] xs = new long[n];
    double[] means = new double[n];
    double[] stddevs = new double[n];
    for (int i = 0; i < n; i++) {
      runIds[i] = keys.get(i)[0];
      xs[i] = keys.get(i)[1];
      means[i] = values.get(i)[0];
      stddevs[i] = values.get(i)[1];
    }
    return Optional.of(
        new SeriesHistory(seriesId, higherIsBetter.get(), runIds, xs, means, stddevs));
  }

  /** The run of the newest stored change point of a series, in any state. */
  Optional<Long> latestChangeRun(long seriesId) {
    return jdbc.sql(
            "select run_id from change_point where series_id = ? order by x desc, id desc limit 1")
        .param(seriesId)
        .query(Long.class)
        .optional();
  }

  /** Stores a change point unless one starts at that run already; its id when new. */
  Optional<Long> insert(SeriesHistory history, DetectedChange change) {
    int i = change.index();
    boolean worse =
        history.higherIsBetter() ? change.relativeChange() < 0 : change.relativeChange() > 0;
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, p_value, effect_sigma, noise_sigma,"
                + " serial_correlation, direction)"
                + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " on conflict (series_id, run_id) do nothing returning id")
        .params(
            history.seriesId(),
            history.runIds()[i],
            i > 0 ? history.runIds()[i - 1] : null,
            new Timestamp(history.xs()[i]),
            change.meanBefore(),
            change.meanAfter(),
            change.relativeChange(),
            finite(change.pValue()),
            finite(change.effectSigma()),
            finite(change.noiseSigma()),
            finite(change.serialCorrelation()),
            worse ? "regression" : "improvement")
        .query(Long.class)
        .optional();
  }

  /** NaN or infinite (not measured, or no noise to divide by) is stored as unknown. */
  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  /**
   * Forgets the untriaged change points of a series that a full recompute no longer finds; triaged
   * ones stay, since a person's verdict is worth more than a detector's second opinion.
   */
  int deleteUntriagedExcept(long seriesId, List<Long> keptRuns) {
    return jdbc.sql(
            "delete from change_point where series_id = ? and state = 'untriaged'"
                + " and not (run_id = any(?))")
        .params(seriesId, keptRuns.toArray(Long[]::new))
        .update();
  }
}
