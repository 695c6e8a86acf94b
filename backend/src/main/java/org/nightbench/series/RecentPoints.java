package org.nightbench.series;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a series' most recent points into what the overview says about them, in the series' own
 * order ({@link SeriesOrder}).
 */
final class RecentPoints {

  static final Duration MONTH = Duration.ofDays(30);

  private RecentPoints() {}

  static SeriesSummary summarise(
      Series series,
      long pointCount,
      Instant firstX,
      Array xs,
      Array values,
      Array stddevs,
      Array runIds,
      Array specs,
      Array versions,
      Array disturbedReasons,
      int openChangePoints,
      int suspectedChangePoints)
      throws SQLException {
    if (xs == null) {
      return new SeriesSummary(
          series,
          pointCount,
          firstX,
          null,
          null,
          null,
          null,
          null,
          null,
          openChangePoints,
          suspectedChangePoints,
          null);
    }
    Timestamp[] x = (Timestamp[]) xs.getArray();
    Double[] value = (Double[]) values.getArray();
    Double[] stddev = (Double[]) stddevs.getArray();
    Long[] runId = (Long[]) runIds.getArray();
    String[] spec = (String[]) specs.getArray();
    String[] version = (String[]) versions.getArray();
    String[] disturbed = (String[]) disturbedReasons.getArray();
    List<Integer> indexes = new ArrayList<>(x.length);
    for (int i = 0; i < x.length; i++) {
      indexes.add(i);
    }
    // "Latest" and "previous" in the series' own order: 10.1.0 is newer than 9.12.3, whatever
    // their release dates say.
    List<Integer> order =
        SeriesOrder.sorted(
            indexes,
            i -> new SeriesOrder.Position(x[i].toInstant(), runId[i], spec[i], version[i]));
    int last = order.get(order.size() - 1);
    Double previous = order.size() > 1 ? value[order.get(order.size() - 2)] : null;
    Instant latestX = x[last].toInstant();
    Double monthAgo = null;
    for (int k = order.size() - 2; k >= 0; k--) {
      int i = order.get(k);
      if (!x[i].toInstant().isAfter(latestX.minus(MONTH))) {
        monthAgo = value[i];
        break;
      }
    }
    List<Double> recent = new ArrayList<>(order.size());
    for (int i : order) {
      recent.add(value[i]);
    }
    return new SeriesSummary(
        series,
        pointCount,
        firstX,
        latestX,
        value[last],
        stddev[last],
        runId[last],
        change(value[last], previous),
        change(value[last], monthAgo),
        openChangePoints,
        suspectedChangePoints,
        recent,
        // The latest point in the series' own order: whether its machine was disturbed decides
        // whether its changes are coloured.
        disturbed[last]);
  }

  private static Double change(double latest, Double before) {
    return before == null || before == 0 ? null : latest / before - 1;
  }
}
