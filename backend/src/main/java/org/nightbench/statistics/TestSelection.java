package org.nightbench.statistics;

import java.util.Arrays;
import org.apache.commons.statistics.descriptive.Median;

/**
 * The rule that picks a task's test under {@link ComparisonSettings.TestChoice#AUTO}: Welch's
 * t-test, unless both sides have at least {@value #MIN_RANK_SAMPLES} values and the two sides
 * pooled hold an outlier, a value whose modified z-score {@code |x - median| / (1.4826 MAD)}
 * exceeds {@value #OUTLIER_Z} (Iglewicz and Hoaglin's criterion); then the Mann–Whitney U test.
 *
 * <p>Why this rule: one bad JVM (a slow JIT, a noisy neighbour) drags a mean and inflates a
 * variance, so Welch loses its power exactly where the other JVMs agree; ranks do not care how far
 * out the bad JVM is. The median and MAD are not moved by that JVM, so they can spot it where a
 * rule on the mean and σ would be masked by it.
 *
 * <p>Why pooled: the rule then does not care which JVM ran which side, so when the sides do not
 * differ, choosing the rank test tells nothing about its outcome and its p-value stays valid. A
 * rule applied to each side alone picks the rank test when one side has an extreme value, the very
 * case where its rank sum is extreme; in simulation it raised the false alarms a little (A/A
 * all-clear 0.947 instead of Welch's 0.952 with 20 JVMs, FDR 0.049 instead of 0.045). A shift
 * between sides of equal size cannot pass for an outlier, as it widens the pooled MAD along with
 * the spread; between very unequal sides it can, and then the rank test runs on a clean shift,
 * where it has 95 % of Welch's efficiency.
 *
 * <p>Why 8: below 8 values per side, an outlier check on so few values is mostly noise, and the
 * Mann–Whitney test has too few rank arrangements to reach small p-values (3 against 3 cannot go
 * below p = 0.1, far from the 0.001 fifty tasks need), so Welch is the only sensible test there.
 * Commons Statistics 1.2 has no Shapiro–Wilk test, and an outlier rule is what matters here anyway:
 * Welch is robust to mild skew, not to a single wild value.
 */
final class TestSelection {

  /** Fewest values each side needs before the Mann–Whitney test can be chosen. */
  static final int MIN_RANK_SAMPLES = 8;

  /** Modified z-score beyond which a value is an outlier (Iglewicz and Hoaglin, 1993). */
  static final double OUTLIER_Z = 3.5;

  /** MAD × this estimates σ for normal data. */
  private static final double MAD_TO_SIGMA = 1.4826;

  private TestSelection() {}

  /** The test {@code choice} runs on these samples. */
  static TestMethod choose(
      ComparisonSettings.TestChoice choice, double[] baseline, double[] candidate) {
    return switch (choice) {
      case WELCH -> TestMethod.WELCH;
      case MANN_WHITNEY -> TestMethod.MANN_WHITNEY;
      case AUTO ->
          baseline.length >= MIN_RANK_SAMPLES
                  && candidate.length >= MIN_RANK_SAMPLES
                  && hasOutlier(pooled(baseline, candidate))
              ? TestMethod.MANN_WHITNEY
              : TestMethod.WELCH;
    };
  }

  private static double[] pooled(double[] baseline, double[] candidate) {
    double[] pooled = Arrays.copyOf(baseline, baseline.length + candidate.length);
    System.arraycopy(candidate, 0, pooled, baseline.length, candidate.length);
    return pooled;
  }

  /**
   * Whether a value lies more than {@link #OUTLIER_Z} robust standard deviations from the median;
   * with a MAD of 0 (most values equal) any value off the median is one.
   */
  static boolean hasOutlier(double[] values) {
    // withCopy: the median selects in place, and the caller's values must keep their order.
    Median median = Median.withDefaults().withCopy(true);
    double center = median.evaluate(values);
    double[] deviations = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      deviations[i] = Math.abs(values[i] - center);
    }
    double limit = OUTLIER_Z * MAD_TO_SIGMA * median.evaluate(deviations);
    for (double deviation : deviations) {
      if (deviation > limit) {
        return true;
      }
    }
    return false;
  }
}
