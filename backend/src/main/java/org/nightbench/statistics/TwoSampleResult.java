package org.nightbench.statistics;

/**
 * What one two-sample test found on one task, before the false discovery rate control.
 *
 * @param relativeDifference the candidate relative to the baseline minus 1, e.g. -0.04 for 4 %
 *     lower
 * @param low lower end of the 95 % confidence interval of {@code relativeDifference}, possibly
 *     negative infinity
 * @param high upper end, possibly positive infinity
 * @param p two-sided p-value of "no difference"
 */
record TwoSampleResult(
    TestMethod test, double relativeDifference, double low, double high, double p) {}
