package org.nightbench.series;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Turns a series' most recent points into what the overview says about them. */
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
      int openChangePoints,
      int suspectedChangePoints,
      String latestDisturbedReason)
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
    int last = x.length - 1;
    Double previous = last > 0 ? value[last - 1] : null;
    Instant latestX = x[last].toInstant();
    Double monthAgo = null;
    for (int i = last - 1; i >= 0; i--) {
      if (!x[i].toInstant().isAfter(latestX.minus(MONTH))) {
        monthAgo = value[i];
        break;
      }
    }
    List<Double> recent = new ArrayList<>(List.of(value));
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
        latestDisturbedReason);
  }

  private static Double change(double latest, Double before) {
    return before == null || before == 0 ? null : latest / before - 1;
  }
}
