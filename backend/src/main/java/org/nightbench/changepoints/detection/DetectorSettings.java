package org.nightbench.changepoints.detection;

/**
 * The thresholds of {@link ChangePointDetector}; {@link #defaults()} is what the benchmark in
 * {@code DetectorQuality} was tuned and measured with.
 *
 * @param significance a step is reported only when both its tests have an adjusted p-value at most
 *     this
 * @param minRelativeChange a step smaller than this relative change is not reported however
 *     significant, e.g. 0.01 for 1 %
 * @param minSegment fewest points a level must hold; also the shortest scan scale, so a run of
 *     fewer outlying nights than this can never be a level of its own
 * @param context most points on each side of a step that its tests, means and noise estimate look
 *     at; also bounds how far one night's data can reach
 * @param outlierThreshold a point further than this many noise standard deviations from the median
 *     of its seven neighbours is an outlier and replaced by that median
 * @param withinRunFloor the between-night variance is taken to be at least {@code (withinRunFloor *
 *     stddev)^2}, i.e. the within-run error of a mean over {@code 1 / withinRunFloor^2} JVMs
 * @param appendWindow how many trailing points {@link ChangePointDetector#detectAppended} analyses
 */
public record DetectorSettings(
    double significance,
    double minRelativeChange,
    int minSegment,
    int context,
    double outlierThreshold,
    double withinRunFloor,
    int appendWindow) {

  public DetectorSettings {
    if (!(significance > 0 && significance < 1)) {
      throw new IllegalArgumentException("significance must be in (0, 1): " + significance);
    }
    if (!(minRelativeChange >= 0)) {
      throw new IllegalArgumentException("minRelativeChange must be >= 0: " + minRelativeChange);
    }
    if (minSegment < 3) {
      throw new IllegalArgumentException("minSegment must be >= 3: " + minSegment);
    }
    if (context < 2 * minSegment) {
      throw new IllegalArgumentException(
          "context must be >= 2 * minSegment (" + 2 * minSegment + "): " + context);
    }
    if (!(outlierThreshold > 0)) {
      throw new IllegalArgumentException("outlierThreshold must be > 0: " + outlierThreshold);
    }
    if (!(withinRunFloor >= 0)) {
      throw new IllegalArgumentException("withinRunFloor must be >= 0: " + withinRunFloor);
    }
    if (appendWindow < 2 * reach(context, minSegment)) {
      throw new IllegalArgumentException(
          "appendWindow must be >= "
              + 2 * reach(context, minSegment)
              + " (twice the reach of one night's data): "
              + appendWindow);
    }
  }

  /**
   * 0.01 % significance (a series is looked at again every night, so each look must be strict), 1 %
   * smallest step, 7-night levels (a week, so a weekly swing averages out), 150 points of context
   * (under serially correlated noise a mean needs many nights), outliers beyond 4σ, a floor as for
   * 10 JVMs, a 640-point append window (twice the reach of one night's data).
   */
  public static DetectorSettings defaults() {
    return new DetectorSettings(1e-4, 0.01, 7, 150, 4.0, 1 / Math.sqrt(10), 640);
  }

  /**
   * How far from a change point the data that decide it lie: its own window and its neighbour's,
   * plus a level's worth for its placement.
   */
  public int reach() {
    return reach(context, minSegment);
  }

  private static int reach(int context, int minSegment) {
    return 2 * context + minSegment;
  }
}
