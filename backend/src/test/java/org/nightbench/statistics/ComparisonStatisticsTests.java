package org.nightbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tests, intervals and adjustment against published or hand-computed answers. */
class ComparisonStatisticsTests {

  // R's sleep data set (Student, 1908): extra hours of sleep under two drugs, 10 patients each.
  private static final double[] SLEEP_1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
  private static final double[] SLEEP_2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

  @Test
  void welchMatchesRsTTestOnTheSleepData() {
    // R: t.test(extra ~ group, data = sleep) -> Welch Two Sample t-test,
    // t = -1.8608, df = 17.776, p-value = 0.07939 (group 1 minus group 2).
    WelchMeans.Outcome outcome = WelchMeans.run(SLEEP_2, SLEEP_1);

    assertThat(outcome.t()).isCloseTo(-1.8608, within(1e-4));
    assertThat(outcome.degreesOfFreedom()).isCloseTo(17.776, within(1e-3));
    assertThat(outcome.result().p()).isCloseTo(0.07939, within(1e-5));
    assertThat(outcome.result().test()).isEqualTo(TestMethod.WELCH);
    // Means 0.75 and 2.33.
    assertThat(outcome.result().relativeDifference()).isCloseTo(0.75 / 2.33 - 1, within(1e-12));
  }

  @Test
  void fiellersIntervalMatchesTheFormulaWorkedByHand() {
    // Five JVMs a side. Means 100.36 and 95.96, σ 1.48593 and 1.37586; Welch t = -4.8584,
    // df = 7.9531, p = 0.0012797 (R: t.test(cmp, base)). Fieller with t(0.975, 7.9531) = 2.3079:
    // ρ = (x̄b x̄c ± t sqrt(x̄b² vc + x̄c² vb − t² vb vc)) / (x̄b² − t² vb), vb = sb²/5, vc =
    // sc²/5,
    // gives ρ − 1 in [-6.3967 %, -2.3271 %] around -4.3842 %.
    double[] base = {101.2, 98.7, 100.5, 99.1, 102.3};
    double[] cmp = {95.4, 97.8, 94.1, 96.6, 95.9};

    WelchMeans.Outcome outcome = WelchMeans.run(base, cmp);

    assertThat(outcome.t()).isCloseTo(-4.8584, within(1e-4));
    assertThat(outcome.degreesOfFreedom()).isCloseTo(7.9531, within(1e-4));
    TwoSampleResult result = outcome.result();
    assertThat(result.p()).isCloseTo(0.0012797, within(1e-7));
    assertThat(result.relativeDifference()).isCloseTo(-0.043842, within(1e-6));
    assertThat(result.low()).isCloseTo(-0.063967, within(1e-6));
    assertThat(result.high()).isCloseTo(-0.023271, within(1e-6));
  }

  @Test
  void fiellersIntervalOnTheSleepData() {
    // The same formula with the sleep data's means 2.33 and 0.75 and df 17.776.
    TwoSampleResult result = WelchMeans.run(SLEEP_2, SLEEP_1).result();

    assertThat(result.low()).isCloseTo(-1.201509, within(1e-6));
    assertThat(result.high()).isCloseTo(0.157423, within(1e-6));
  }

  @Test
  void theIntervalExcludesNoDifferenceExactlyWhenWelchsPIsBelowFivePercent() {
    SplittableRandom random = new SplittableRandom(7);
    int significant = 0;
    for (int i = 0; i < 2000; i++) {
      int n = 2 + random.nextInt(9);
      double[] base = normal(random, n, 100, 3);
      double[] cmp = normal(random, 2 + random.nextInt(9), 100 + random.nextDouble(-6, 6), 3);

      TwoSampleResult result = WelchMeans.run(base, cmp).result();

      boolean excludesZero = result.low() > 0 || result.high() < 0;
      assertThat(excludesZero).as("sample %d, p = %s", i, result.p()).isEqualTo(result.p() < 0.05);
      significant += excludesZero ? 1 : 0;
    }
    // Both outcomes were exercised.
    assertThat(significant).isBetween(200, 1800);
  }

  @Test
  void twoNoisyJvmsCannotBoundTheRatio() {
    // df ≈ 1, so t(0.975) ≈ 12.7, and 12.7 times the baseline mean's standard error (40) far
    // exceeds the mean itself (100): the baseline could be anywhere near zero.
    TwoSampleResult result =
        WelchMeans.run(new double[] {60, 140}, new double[] {99, 101}).result();

    assertThat(result.low()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(result.high()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(result.p()).isGreaterThan(0.5);
  }

  @Test
  void identicalValuesOnEachSideAreExactlyTheirDifference() {
    TwoSampleResult same = WelchMeans.run(new double[] {5, 5, 5}, new double[] {5, 5}).result();
    TwoSampleResult moved = WelchMeans.run(new double[] {5, 5, 5}, new double[] {6, 6}).result();

    assertThat(same.p()).isEqualTo(1);
    assertThat(same.relativeDifference()).isZero();
    assertThat(moved.p()).isZero();
    assertThat(moved.relativeDifference()).isCloseTo(0.2, within(1e-12));
    assertThat(moved.low()).isEqualTo(moved.high()).isEqualTo(moved.relativeDifference());
  }

  @Test
  void mannWhitneyMatchesRsWilcoxTestOnTheSleepData() {
    // R: wilcox.test(extra ~ group, data = sleep) -> W = 25.5, p-value = 0.06933 (normal
    // approximation with continuity and tie correction, as the data have ties).
    RankShift.Outcome outcome = RankShift.run(SLEEP_2, SLEEP_1);

    assertThat(outcome.u()).isEqualTo(25.5);
    assertThat(outcome.result().p()).isCloseTo(0.06933, within(1e-5));
    assertThat(outcome.result().test()).isEqualTo(TestMethod.MANN_WHITNEY);
  }

  @Test
  void mannWhitneyMatchesTheExampleOfRsDocumentation() {
    // ?wilcox.test (Hollander and Wolfe, 1973, p. 69): wilcox.test(x, y, alternative = "g") gives
    // W = 35, p-value = 0.1272, exact as there are no ties, so two-sided 0.2544; with
    // conf.int = TRUE the Hodges-Lehmann "difference in location" is 0.305.
    double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
    double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};

    RankShift.Outcome outcome = RankShift.run(y, x);

    assertThat(outcome.u()).isEqualTo(35);
    assertThat(outcome.result().p()).isCloseTo(0.2544, within(1e-4));
    assertThat(outcome.shift()).isCloseTo(0.305, within(1e-12));
    // Relative to the median of y, 0.90.
    assertThat(outcome.result().relativeDifference()).isCloseTo(0.305 / 0.90, within(1e-12));
    assertThat(outcome.result().low()).isLessThan(0);
    assertThat(outcome.result().high()).isGreaterThan(outcome.result().relativeDifference());
  }

  @Test
  void benjaminiHochbergMatchesRsPAdjust() {
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") -> 0.02 0.04 0.04 0.02
    assertThat(BenjaminiHochberg.adjust(new double[] {0.01, 0.04, 0.03, 0.005}))
        .containsExactly(new double[] {0.02, 0.04, 0.04, 0.02}, within(1e-15));
    // R: p.adjust(c(0.02, 0.03, 0.9), "BH") -> 0.045 0.045 0.900 (the step-up minimum).
    assertThat(BenjaminiHochberg.adjust(new double[] {0.02, 0.03, 0.9}))
        .containsExactly(new double[] {0.045, 0.045, 0.9}, within(1e-15));
    // Ties kept equal; nothing to adjust in an empty comparison.
    assertThat(BenjaminiHochberg.adjust(new double[] {0.8, 0.9, 0.9}))
        .containsExactly(new double[] {0.9, 0.9, 0.9}, within(1e-15));
    assertThat(BenjaminiHochberg.adjust(new double[0])).isEmpty();
  }

  @Test
  void aQValueIsNeverBelowItsPValueEvenByOneUlp() {
    // Seen in a real comparison of 49 tasks: p * 49 / 49 came out one ulp below p.
    double[] p = new double[49];
    java.util.Arrays.fill(p, 0.5);
    p[48] = 0.9968377500287756;
    double[] q = BenjaminiHochberg.adjust(p);
    for (int i = 0; i < p.length; i++) {
      assertThat(q[i]).isGreaterThanOrEqualTo(p[i]);
    }
  }

  @Test
  void rankTestOnlyWhereBothSidesHaveEightValuesAndThePoolAnOutlier() {
    double[] clean = {100, 101, 99, 100.5, 99.5, 100.2, 99.8, 100.1};
    double[] badJvm = {100, 101, 99, 100.5, 99.5, 100.2, 99.8, 70};
    double[] shifted = {110, 111, 109, 110.5, 109.5, 110.2, 109.8, 110.1};
    ComparisonSettings.TestChoice auto = ComparisonSettings.TestChoice.AUTO;

    assertThat(TestSelection.choose(auto, clean, clean)).isEqualTo(TestMethod.WELCH);
    assertThat(TestSelection.choose(auto, clean, badJvm)).isEqualTo(TestMethod.MANN_WHITNEY);
    assertThat(TestSelection.choose(auto, badJvm, clean)).isEqualTo(TestMethod.MANN_WHITNEY);
    // A shift between the sides is no outlier.
    assertThat(TestSelection.choose(auto, clean, shifted)).isEqualTo(TestMethod.WELCH);
    // Seven values: Welch whatever they look like.
    double[] seven = {100, 101, 99, 100.5, 99.5, 100.2, 70};
    assertThat(TestSelection.choose(auto, seven, badJvm)).isEqualTo(TestMethod.WELCH);
    // Forced choices.
    assertThat(TestSelection.choose(ComparisonSettings.TestChoice.WELCH, clean, badJvm))
        .isEqualTo(TestMethod.WELCH);
    assertThat(TestSelection.choose(ComparisonSettings.TestChoice.MANN_WHITNEY, clean, clean))
        .isEqualTo(TestMethod.MANN_WHITNEY);
    // The caller's arrays are left as they were.
    assertThat(badJvm).containsExactly(100, 101, 99, 100.5, 99.5, 100.2, 99.8, 70);
  }

  static double[] normal(SplittableRandom random, int n, double mean, double sigma) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = mean + sigma * random.nextGaussian();
    }
    return values;
  }
}
