package org.nightbench.statistics;

import java.util.Arrays;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The Mann–Whitney U test, with the Hodges–Lehmann shift and its distribution-free 95 % confidence
 * interval as the effect, each relative to the baseline median.
 *
 * <p>Why not the means here: this test is chosen because the samples hold an outlier, and the
 * outlier that made the means untrustworthy would still drive a ratio of means. The Hodges–Lehmann
 * shift (the median of all candidate-minus-baseline differences) is the estimate that belongs to
 * the rank test, and its interval, read off the sorted differences at the test's critical rank,
 * excludes zero (nearly) exactly when the test rejects at 5 %. The baseline median in the
 * denominator is taken as exact; with at least 8 values and an outlier-proof centre that costs
 * little.
 */
final class RankShift {

  /** Commons' defaults: the exact p-value for small samples without ties, else the normal one. */
  private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults();

  private static final double Z =
      NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - WelchMeans.CONFIDENCE) / 2);

  private RankShift() {}

  /** What the test saw: {@code u} is the Mann–Whitney statistic of the candidate. */
  record Outcome(double u, double shift, TwoSampleResult result) {}

  static Outcome run(double[] baseline, double[] candidate) {
    MannWhitneyUTest.Result tested = TEST.test(candidate, baseline);
    int n = baseline.length;
    int m = candidate.length;
    double[] differences = new double[n * m];
    int k = 0;
    for (double c : candidate) {
      for (double b : baseline) {
        differences[k++] = c - b;
      }
    }
    Arrays.sort(differences);
    double shift = Median.withDefaults().evaluate(differences);
    // Hollander and Wolfe's large-sample critical rank; the interval is the differences from the
    // rank-th smallest to the rank-th largest. Below rank 1 the samples are too small to exclude
    // anything.
    long rank = Math.round(n * m / 2.0 - Z * Math.sqrt(n * m * (n + m + 1) / 12.0));
    double level = Median.withDefaults().withCopy(true).evaluate(baseline);
    double low = Double.NEGATIVE_INFINITY;
    double high = Double.POSITIVE_INFINITY;
    if (rank >= 1) {
      low = differences[(int) rank - 1] / level;
      high = differences[n * m - (int) rank] / level;
    }
    return new Outcome(
        tested.getStatistic(),
        shift,
        new TwoSampleResult(TestMethod.MANN_WHITNEY, shift / level, low, high, tested.getPValue()));
  }
}
