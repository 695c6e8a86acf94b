package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/**
 * A series as the overview shows it: its latest point, how that moved against the night before and
 * against a month before, whether a detected change waits for triage (and how many of those are
 * only suspected), and its recent values for a sparkline. Changes are relative: +0.05 is 5 % up,
 * whatever the metric's direction.
 *
 * @param latestDisturbedReason why the latest point's run was judged disturbed (its machine's
 *     calibration moved), null when it was not: its changes are then shown but not judged
 */
@Schema(description = "A series with its latest point, its recent changes and its recent values")
public record SeriesSummary(
    Series series,
    long pointCount,
    Instant firstX,
    Instant latestX,
    Double latestValue,
    Double latestStddev,
    Long latestRunId,
    @Schema(description = "Relative change of the latest point against the one before it")
        Double changeVsPrevious,
    @Schema(description = "Relative change against the newest point at least 30 days older")
        Double changeVs30Days,
    @Schema(
            description =
                "Detected change points still untriaged or under investigation, suspected ones"
                    + " included (withdrawn ones not)")
        int openChangePoints,
    @Schema(
            description =
                "Of those, how many are only suspected: the newest nights lie beyond the noise,"
                    + " the detector has not confirmed the step yet")
        int suspectedChangePoints,
    @Schema(description = "The values of the most recent points, oldest first (at most 60)")
        List<Double> recentValues,
    @Schema(
            description =
                "Why the latest point's run was on a disturbed machine (its calibration moved);"
                    + " null when it was not. Its changes are then not judged worse or better")
        String latestDisturbedReason) {

  /** How far back the overview reads a series: enough for the sparkline and 30 nights ago. */
  static final int RECENT_POINTS = 60;

  public SeriesSummary {
    recentValues = recentValues == null ? List.of() : List.copyOf(recentValues);
  }

  /** A summary whose latest run was not disturbed. */
  public SeriesSummary(
      Series series,
      long pointCount,
      Instant firstX,
      Instant latestX,
      Double latestValue,
      Double latestStddev,
      Long latestRunId,
      Double changeVsPrevious,
      Double changeVs30Days,
      int openChangePoints,
      int suspectedChangePoints,
      List<Double> recentValues) {
    this(
        series,
        pointCount,
        firstX,
        latestX,
        latestValue,
        latestStddev,
        latestRunId,
        changeVsPrevious,
        changeVs30Days,
        openChangePoints,
        suspectedChangePoints,
        recentValues,
        null);
  }

  /**
   * Whether the latest point's run was on a disturbed machine: its changes say nothing of Lucene.
   */
  public boolean latestDisturbed() {
    return latestDisturbedReason != null;
  }

  /** Whether the change against 30 days ago went the wrong way for this metric. */
  public boolean worseThanAMonthAgo() {
    return changeVs30Days != null
        && (series.higherIsBetter() ? changeVs30Days < 0 : changeVs30Days > 0);
  }

  /** Whether the change against the previous point went the wrong way for this metric. */
  public boolean worseThanPrevious() {
    return changeVsPrevious != null
        && (series.higherIsBetter() ? changeVsPrevious < 0 : changeVsPrevious > 0);
  }

  /**
   * A change said in a word beside its colour: {@code worse}, {@code better}, or empty when there
   * is no change to judge (none, one that rounds to 0.0 %, or the latest run's machine was
   * disturbed).
   */
  public String judgement(Double change, boolean worse) {
    if (change == null || latestDisturbed() || Math.abs(change) < 0.0005) {
      return "";
    }
    return worse ? "worse" : "better";
  }

  /**
   * The overview's class for a change cell: {@code worse} or {@code better} by the metric's
   * direction, and {@code disturbed} (no colour) when the latest run's machine was disturbed.
   */
  public String changeClass(boolean worse) {
    return latestDisturbed() ? "disturbed" : worse ? "worse" : "better";
  }
}
