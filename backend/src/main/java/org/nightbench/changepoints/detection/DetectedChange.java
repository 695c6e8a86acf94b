package org.nightbench.changepoints.detection;

/**
 * One step found in a series: where the new level starts, the levels on either side, and the
 * evidence for it.
 *
 * @param index the first point of the new level
 * @param meanBefore the level just before {@code index}: the line fitted through the points back to
 *     the previous change point and on to the next (at most {@link DetectorSettings#context()} each
 *     side, outliers replaced), at {@code index}; the segment's mean where it has no trend
 * @param meanAfter that level plus the fitted step
 * @param relativeChange {@code meanAfter / meanBefore - 1}
 * @param pValue that the step is zero once the line is fitted, Bonferroni-adjusted for the split
 *     positions its window offered
 */
public record DetectedChange(
    int index, double meanBefore, double meanAfter, double relativeChange, double pValue) {}
