package org.nightbench.changepoints.detection;

/**
 * One change found in a series: a step (where the new level starts, the levels on either side, and
 * the evidence for it) or, where {@code drift} is set, a slow drift over a span of nights that the
 * detector would otherwise have cut into a staircase of steps ({@link DriftCheck}).
 *
 * @param index the first point of the new level; of a drift, its first night
 * @param meanBefore the level the series left: the line fitted to the points back to the previous
 *     change point (at most {@link DetectorSettings#context()}, outliers replaced), at {@code
 *     index}; the segment's mean where it has no trend
 * @param meanAfter the level it moved to: the same for the points on to the next change point
 * @param relativeChange {@code meanAfter / meanBefore - 1}
 * @param pValue that there is no step at {@code index}, under the series' noise model (serial
 *     correlation included), Bonferroni-adjusted for the split positions its window offered
 * @param effectSigma {@code (meanAfter - meanBefore) / noiseSigma}: the step in noise standard
 *     deviations, signed
 * @param noiseSigma the estimated night-to-night standard deviation around the levels, in the
 *     series' unit
 * @param serialCorrelation the estimated lag-1 autocorrelation of that noise (the AR(1) φ): 0 for
 *     independent nights, near 1 where a machine's state persists for days
 * @param drift the drift's last night and slope; null for a step. A drift's {@code meanBefore} and
 *     {@code meanAfter} are its line's level on its first and last night, its {@code pValue} that
 *     of its slope
 */
public record DetectedChange(
    int index,
    double meanBefore,
    double meanAfter,
    double relativeChange,
    double pValue,
    double effectSigma,
    double noiseSigma,
    double serialCorrelation,
    Drift drift) {

  /** A step. */
  public DetectedChange(
      int index,
      double meanBefore,
      double meanAfter,
      double relativeChange,
      double pValue,
      double effectSigma,
      double noiseSigma,
      double serialCorrelation) {
    this(
        index,
        meanBefore,
        meanAfter,
        relativeChange,
        pValue,
        effectSigma,
        noiseSigma,
        serialCorrelation,
        null);
  }

  /**
   * A slow drift's span and slope.
   *
   * @param last its last night (the first is the change's {@code index})
   * @param slopePerNight how far the level moves a night, in the series' unit
   * @param relativeSlopePerNight {@code slopePerNight} over the level on its first night: 0.001 is
   *     +0.1 % a night
   */
  public record Drift(int last, double slopePerNight, double relativeSlopePerNight) {}
}
