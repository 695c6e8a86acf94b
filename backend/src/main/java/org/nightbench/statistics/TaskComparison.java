package org.nightbench.statistics;

/**
 * One task's result in a comparison.
 *
 * @param baselineStdDev sample standard deviation (n − 1) of the baseline values
 * @param relativeDifference the candidate relative to the baseline minus 1, e.g. -0.042 for 4.2 %
 *     lower: the ratio of the means under {@link TestMethod#WELCH}, the Hodges–Lehmann shift over
 *     the baseline median under {@link TestMethod#MANN_WHITNEY}
 * @param ciLow lower end of the 95 % confidence interval of {@code relativeDifference} (Fieller's
 *     interval for the ratio of the means, or the Hodges–Lehmann interval); not adjusted for the
 *     number of tasks, and negative infinity when the data cannot bound it
 * @param ciHigh upper end of that interval, possibly positive infinity
 * @param test the test behind {@code pValue}
 * @param pValue two-sided p-value of "no difference" for this task alone
 * @param qValue Benjamini–Hochberg adjusted p-value over all tasks of the comparison
 * @param verdict faster or slower when {@code qValue <= alpha} and the effect is at least the
 *     settings' minimum, else no difference
 */
public record TaskComparison(
    String task,
    int baselineN,
    double baselineMean,
    double baselineStdDev,
    int candidateN,
    double candidateMean,
    double candidateStdDev,
    double relativeDifference,
    double ciLow,
    double ciHigh,
    TestMethod test,
    double pValue,
    double qValue,
    Verdict verdict) {}
