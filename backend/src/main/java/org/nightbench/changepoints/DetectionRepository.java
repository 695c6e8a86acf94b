package org.nightbench.changepoints;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.SuspectedChange;
import org.nightbench.changepoints.evidence.MachineEvidence;
import org.nightbench.ingest.SegmentStart;
import org.nightbench.ingest.SeriesSegments;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** What detection reads (a series' points) and writes (its change points). */
@Repository
class DetectionRepository {

  private final JdbcClient jdbc;
  private final SeriesSegments segments;
  private final MachineEvidence machineEvidence;

  DetectionRepository(JdbcClient jdbc, SeriesSegments segments, MachineEvidence machineEvidence) {
    this.jdbc = jdbc;
    this.segments = segments;
    this.machineEvidence = machineEvidence;
  }

  /**
   * A series' points in x order, leaving out runs on a disturbed machine: their points stay on the
   * chart but would be read as steps of Lucene's. With the runs whose evidence is the machine's,
   * which detection leaves out once the spell is over.
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
    List<double[]> jvms = new ArrayList<>();
    jdbc.sql(
            "select m.run_id, m.x, m.value, m.stddev, m.samples from measurement m"
                + " join run r on r.id = m.run_id"
                + " where m.series_id = ? and r.disturbed_reason is null"
                + " order by m.x, m.run_id")
        .param(seriesId)
        .query(
            rs -> {
              keys.add(new long[] {rs.getLong(1), rs.getTimestamp(2).getTime()});
              double stddev = rs.getDouble(4);
              values.add(new double[] {rs.getDouble(3), rs.wasNull() ? Double.NaN : stddev});
              jvms.add(doubles(rs.getArray(5)));
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
        new SeriesHistory(
            seriesId,
            higherIsBetter.get(),
            runIds,
            xs,
            means,
            stddevs,
            jvms.toArray(double[][]::new),
            segmentStarts(seriesId, runIds, xs),
            machineEvidence.machineMoves(seriesId, runIds)));
  }

  private static double[] doubles(java.sql.Array array) throws java.sql.SQLException {
    if (array == null) {
      return null;
    }
    Object[] values = (Object[]) array.getArray();
    double[] doubles = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      doubles[i] = ((Number) values[i]).doubleValue();
    }
    return doubles;
  }

  /**
   * The history's runs where a segment starts: each start's own run, or the first after it when its
   * run is left out of the history (a disturbed machine's).
   */
  private Set<Long> segmentStarts(long seriesId, long[] runIds, long[] xs) {
    Set<Long> starts = new HashSet<>();
    for (SegmentStart start : segments.starts(seriesId)) {
      long x = start.x().toEpochMilli();
      for (int i = 0; i < runIds.length; i++) {
        if (runIds[i] == start.runId() || xs[i] > x) {
          starts.add(runIds[i]);
          break;
        }
      }
    }
    return starts;
  }

  /**
   * The run of the newest confirmed change point of a series, in any triage state: suspected and
   * withdrawn ones are no level the detector placed.
   */
  Optional<Long> latestChangeRun(long seriesId) {
    return jdbc.sql(
            "select run_id from change_point where series_id = ? and stage = 'confirmed'"
                + " order by x desc, id desc limit 1")
        .param(seriesId)
        .query(Long.class)
        .optional();
  }

  /**
   * Stores a confirmed change point unless a confirmed one starts at that run already; a suspected
   * or withdrawn one there is confirmed, keeping its triage. Its id when newly confirmed.
   */
  Optional<Long> insert(SeriesHistory history, DetectedChange change) {
    int i = change.index();
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, p_value, effect_sigma, noise_sigma,"
                + " serial_correlation, direction, stage, confirmed_at, kind, drift_last_run_id,"
                + " drift_nights, drift_slope)"
                + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed', now(), ?, ?, ?, ?)"
                + " on conflict (series_id, run_id) do update set"
                + " mean_before = excluded.mean_before, mean_after = excluded.mean_after,"
                + " relative_change = excluded.relative_change, p_value = excluded.p_value,"
                + " effect_sigma = excluded.effect_sigma, noise_sigma = excluded.noise_sigma,"
                + " serial_correlation = excluded.serial_correlation,"
                + " direction = excluded.direction, stage = 'confirmed', confirmed_at = now(),"
                + " onset_nights = null, kind = excluded.kind,"
                + " drift_last_run_id = excluded.drift_last_run_id,"
                + " drift_nights = excluded.drift_nights, drift_slope = excluded.drift_slope"
                + " where change_point.stage <> 'confirmed' returning id")
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
            direction(history, change.relativeChange()),
            kind(change),
            driftLastRun(history, change),
            driftNights(change),
            driftSlope(change))
        .query(Long.class)
        .optional();
  }

  private static String kind(DetectedChange change) {
    return change.drift() == null ? "step" : "drift";
  }

  private static Long driftLastRun(SeriesHistory history, DetectedChange change) {
    return change.drift() == null ? null : history.runIds()[change.drift().last()];
  }

  private static Integer driftNights(DetectedChange change) {
    return change.drift() == null ? null : change.drift().last() - change.index() + 1;
  }

  private static Double driftSlope(DetectedChange change) {
    return change.drift() == null ? null : finite(change.drift().relativeSlopePerNight());
  }

  private static String direction(SeriesHistory history, double relativeChange) {
    boolean worse = history.higherIsBetter() ? relativeChange < 0 : relativeChange > 0;
    return worse ? "regression" : "improvement";
  }

  /**
   * Confirms the suspected or withdrawn change point {@code id} where the detector placed the step,
   * keeping its triage; false, changing nothing, when another change point starts at that run.
   */
  boolean confirm(long id, SeriesHistory history, DetectedChange change) {
    int i = change.index();
    long run = history.runIds()[i];
    return jdbc.sql(
                "update change_point set run_id = ?, previous_run_id = ?, x = ?, mean_before = ?,"
                    + " mean_after = ?, relative_change = ?, p_value = ?, effect_sigma = ?,"
                    + " noise_sigma = ?, serial_correlation = ?, direction = ?,"
                    + " stage = 'confirmed', confirmed_at = now(), onset_nights = null,"
                    + " kind = ?, drift_last_run_id = ?, drift_nights = ?, drift_slope = ?,"
                    + " machine_change = case when run_id = ? then machine_change end"
                    + " where id = ? and not exists (select 1 from change_point o"
                    + "   where o.series_id = ? and o.run_id = ? and o.id <> ?)")
            .params(
                run,
                i > 0 ? history.runIds()[i - 1] : null,
                new Timestamp(history.xs()[i]),
                change.meanBefore(),
                change.meanAfter(),
                change.relativeChange(),
                finite(change.pValue()),
                finite(change.effectSigma()),
                finite(change.noiseSigma()),
                finite(change.serialCorrelation()),
                direction(history, change.relativeChange()),
                kind(change),
                driftLastRun(history, change),
                driftNights(change),
                driftSlope(change),
                run,
                id,
                history.seriesId(),
                run,
                id)
            .update()
        == 1;
  }

  /**
   * Stores a suspected change point unless one starts at that run already; its id when new. Its
   * range starts before {@code earliest}, the earliest night its new level can have begun.
   */
  Optional<Long> insertSuspected(SeriesHistory history, SuspectedChange change, int earliest) {
    int i = change.index();
    int nights = i - earliest + 1;
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, p_value, effect_sigma, noise_sigma,"
                + " serial_correlation, direction, stage, suspected_at, onset_nights,"
                + " machine_change)"
                + " values (?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, 'suspected', now(), ?, ?)"
                + " on conflict (series_id, run_id) do nothing returning id")
        .params(
            history.seriesId(),
            history.runIds()[i],
            earliest > 0 ? history.runIds()[earliest - 1] : null,
            new Timestamp(history.xs()[i]),
            change.reference(),
            change.level(),
            change.relativeChange(),
            finite(change.effectSigma()),
            finite(change.noiseSigma()),
            finite(change.serialCorrelation()),
            direction(history, change.relativeChange()),
            nights > 1 ? nights : null,
            finite(change.machineChange()))
        .query(Long.class)
        .optional();
  }

  /**
   * Withdraws a suspected change point that later nights did not hold, or a confirmed step that a
   * drift replaced; false if already withdrawn.
   */
  boolean withdraw(long id) {
    return jdbc.sql(
                "update change_point set stage = 'withdrawn', withdrawn_at = now()"
                    + " where id = ? and stage <> 'withdrawn'")
            .param(id)
            .update()
        == 1;
  }

  /**
   * A series' change points at or after {@code from} (an x of its history), in any stage: what the
   * nightly suspicion and confirmation match against, a few rows whatever the series' age.
   */
  List<StagedChange> stagedSince(long seriesId, long from) {
    return jdbc.sql(
            "select id, run_id, stage, relative_change, drift_last_run_id, machine_change"
                + " from change_point"
                + " where series_id = ? and x >= ? order by x, id")
        .params(seriesId, new Timestamp(from))
        .query(
            (rs, row) ->
                new StagedChange(
                    rs.getLong("id"),
                    rs.getLong("run_id"),
                    rs.getString("stage"),
                    rs.getDouble("relative_change"),
                    rs.getObject("drift_last_run_id", Long.class),
                    rs.getObject("machine_change", Double.class)))
        .list();
  }

  /**
   * A stored change point as detection matches it: its run and stage, and the machine's move where
   * it was suspected as the series' move beyond it.
   */
  record StagedChange(
      long id,
      long runId,
      String stage,
      double relativeChange,
      Long driftLastRunId,
      Double machineChange) {

    boolean confirmed() {
      return stage.equals("confirmed");
    }

    boolean suspected() {
      return stage.equals("suspected");
    }
  }

  /** NaN or infinite (not measured, or no noise to divide by) is stored as unknown. */
  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  /**
   * Forgets the untriaged confirmed change points of a series that a full recompute no longer
   * finds; triaged ones stay, since a person's verdict is worth more than a detector's second
   * opinion, and suspected and withdrawn ones are the nightly suspicion's business.
   */
  int deleteUntriagedExcept(long seriesId, List<Long> keptRuns) {
    return jdbc.sql(
            "delete from change_point where series_id = ? and state = 'untriaged'"
                + " and stage = 'confirmed' and not (run_id = any(?))")
        .params(seriesId, keptRuns.toArray(Long[]::new))
        .update();
  }
}
