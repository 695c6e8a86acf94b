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
 * @param pValue that the two lines meet at {@code index} (no step), Bonferroni-adjusted for the
 *     split positions its window offered
 */
public record DetectedChange(
    int index, double meanBefore, double meanAfter, double relativeChange, double pValue) {}
