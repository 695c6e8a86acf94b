package org.nightbench.statistics;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's t-test on the difference of the means, with Fieller's 95 % confidence interval for their
 * ratio.
 *
 * <p>Why Fieller rather than the Welch interval on the difference divided by the baseline mean: the
 * baseline mean is itself uncertain, and its error enters the ratio {@code x̄c / x̄b} once more,
 * with the weight of the ratio, which the difference's standard error leaves out. The shortfall
 * grows with the effect: at 30 % the divided interval covers about 92 % instead of 95 % (10 JVMs a
 * side, any noise), which Fieller's does not. Fieller's interval is the set of ratios {@code ρ} for
 * which {@code x̄c − ρ x̄b} is not significantly different from zero, so it accounts for both
 * means, is exact for normal data with equal variances, and honestly turns unbounded when the
 * baseline mean is not itself distinguishable from zero (reported as the whole line, also where the
 * exact set would be two rays). Its degrees of freedom are Welch–Satterthwaite's at {@code ρ = 1},
 * the test's own, so wherever it is bounded the interval excludes a relative difference of 0
 * exactly when the test's p-value is below 0.05.
 */
final class WelchMeans {

  /** Two-sided 95 %. */
  static final double CONFIDENCE = 0.95;

  private static final TTest TEST = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

  private WelchMeans() {}

  /**
   * What the test saw: {@code t} and {@code degreesOfFreedom} are NaN when both sides have zero
   * variance, where the p-value is 1 for equal means and 0 otherwise.
   */
  record Outcome(double t, double degreesOfFreedom, TwoSampleResult result) {}

  static Outcome run(double[] baseline, double[] candidate) {
    double mb = Mean.of(baseline).getAsDouble();
    double mc = Mean.of(candidate).getAsDouble();
    // The squared standard errors of the two means.
    double vb = Variance.of(baseline).getAsDouble() / baseline.length;
    double vc = Variance.of(candidate).getAsDouble() / candidate.length;
    double ratio = mc / mb;
    if (vb + vc == 0) {
      // Identical values on each side (e.g. a counter): the difference is exactly what it is.
      return new Outcome(
          Double.NaN,
          Double.NaN,
          new TwoSampleResult(
              TestMethod.WELCH, ratio - 1, ratio - 1, ratio - 1, mb == mc ? 1.0 : 0.0));
    }
    TTest.Result tested = TEST.test(candidate, baseline);
    double df = tested.getDegreesOfFreedom();
    double t = TDistribution.of(df).inverseSurvivalProbability((1 - CONFIDENCE) / 2);
    // Fieller: (mc - ρ mb)^2 <= t^2 (vc + ρ^2 vb), i.e. a ρ^2 - 2 mb mc ρ + (mc^2 - t^2 vc) <= 0.
    double a = mb * mb - t * t * vb;
    double low = Double.NEGATIVE_INFINITY;
    double high = Double.POSITIVE_INFINITY;
    if (a > 0) {
      // The discriminant / 4; a > 0 makes it vc a + mc^2 vb >= 0.
      double root = t * Math.sqrt(mb * mb * vc + mc * mc * vb - t * t * vb * vc);
      low = (mb * mc - root) / a - 1;
      high = (mb * mc + root) / a - 1;
    }
    return new Outcome(
        tested.getStatistic(),
        df,
        new TwoSampleResult(TestMethod.WELCH, ratio - 1, low, high, tested.getPValue()));
  }
}
