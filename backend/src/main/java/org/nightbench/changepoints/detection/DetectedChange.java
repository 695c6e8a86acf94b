package org.nightbench.changepoints.detection;

/**
 * One step found in a series: where the new level starts, the levels on either side, and the
 * evidence for it.
 *
 * @param index the first point of the new level
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
 */
public record DetectedChange(
    int index,
    double meanBefore,
    double meanAfter,
    double relativeChange,
    double pValue,
    double effectSigma,
    double noiseSigma,
    double serialCorrelation) {}
