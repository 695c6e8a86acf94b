package org.nightbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The honesty promises of issue 7 on seeded simulations with known answers. The bounds allow for
 * the simulations' own binomial noise, stated at each; {@code ComparisonHonesty} prints the same
 * figures over more repetitions.
 */
class ComparisonSimulationTests {

  private static final ComparisonSettings DEFAULTS = ComparisonSettings.defaults();

  @Test
  void fiellersIntervalCoversTheTrueRatioNinetyFivePercentOfTheTime() {
    // Ten JVMs a side: equal and unequal variances, 20 % noise, and a 30 % effect, where the Welch
    // interval on the difference divided by the baseline mean covers only about 92 %. 4,000
    // samples each give a binomial standard error of 0.0034 around 0.95.
    double[][] settings = {{100, 2, 90, 2}, {100, 2, 90, 6}, {100, 20, 110, 20}, {100, 2, 130, 2}};
    SplittableRandom random = new SplittableRandom(20260101);
    for (double[] s : settings) {
      double trueRelative = s[2] / s[0] - 1;
      int covered = 0;
      int samples = 4000;
      for (int i = 0; i < samples; i++) {
        TwoSampleResult result =
            WelchMeans.run(
                    ComparisonStatisticsTests.normal(random, 10, s[0], s[1]),
                    ComparisonStatisticsTests.normal(random, 10, s[2], s[3]))
                .result();
        covered += result.low() <= trueRelative && trueRelative <= result.high() ? 1 : 0;
      }
      assertThat((double) covered / samples)
          .as("coverage with base %s ± %s, candidate %s ± %s", s[0], s[1], s[2], s[3])
          .isBetween(0.93, 0.97);
    }
  }

  @Test
  void theHodgesLehmannIntervalCoversTheTrueShift() {
    // Ten JVMs a side, normal values (median 100, σ 5) shifted by 3: the distribution-free
    // interval, divided by the baseline median, covers 0.03 about 95 % of the time (Hollander and
    // Wolfe's rank is a normal approximation, so a little more or less).
    SplittableRandom random = new SplittableRandom(20260102);
    int covered = 0;
    int samples = 4000;
    for (int i = 0; i < samples; i++) {
      TwoSampleResult result =
          RankShift.run(
                  ComparisonStatisticsTests.normal(random, 10, 100, 5),
                  ComparisonStatisticsTests.normal(random, 10, 103, 5))
              .result();
      covered += result.low() <= 0.03 && 0.03 <= result.high() ? 1 : 0;
    }
    assertThat((double) covered / samples).isBetween(0.93, 0.97);
  }

  @Test
  void anAaComparisonSaysNoDifferenceOnEveryTaskInNinetyFivePercentOfComparisons() {
    // 1,000 comparisons of 50 tasks drawn from one distribution per task. With the default
    // α = 0.05, Benjamini-Hochberg gives exactly a 5 % chance of any verdict when no task differs
    // (it is Simes' test then), so the expected share is 0.95 (a little more with 5 JVMs, where
    // Welch is conservative) and a simulation lands on either side of it: the bound is 0.95 less
    // two binomial standard errors of 1,000 comparisons (2 × 0.0069). ComparisonHonesty measured
    // 0.965 (5 JVMs) and 0.953 (20 JVMs) over 3,000 comparisons; these seeds give 0.952 and 0.947.
    for (int n : new int[] {5, 20}) {
      SyntheticComparison.Tally tally =
          SyntheticComparison.aa(50, n, 0.05).run(20260103L + n, 1000, DEFAULTS);

      assertThat(tally.allClearFraction()).as("%d JVMs a side", n).isGreaterThanOrEqualTo(0.936);
    }
  }

  @Test
  void aPlantedTenPercentDifferenceIsFoundInTheRightDirectionAndLittleElse() {
    // 5 of 50 tasks moved by 10 % (alternately slower and faster), 2 % noise, 10 JVMs a side:
    // t ≈ 11, so every planted task is found every time. Benjamini-Hochberg bounds the expected
    // share of false verdicts among the verdicts by α × 45 / 50 = 0.045; over 1,000 comparisons
    // its estimate has a standard error of about 0.003.
    SyntheticComparison scenario = SyntheticComparison.planted(50, 10, 0.02, 5, 0.10);

    SyntheticComparison.Tally tally = scenario.run(20260104L, 1000, DEFAULTS);

    assertThat(tally.found()).isEqualTo(tally.planted());
    assertThat(tally.meanFdp()).isLessThanOrEqualTo(0.05);
    // About a fifth of the comparisons name one unaffected task (out of 45), never more than a
    // few: the false verdicts average well under one per comparison.
    assertThat((double) tally.falseVerdicts() / tally.reps()).isLessThan(0.5);
  }

  @Test
  void aPlantedDifferenceOnLatenciesIsNamedTheOtherWayRound() {
    // The same samples as times: a 10 % lower value is faster.
    SyntheticComparison scenario = SyntheticComparison.planted(10, 10, 0.02, 2, 0.10);

    var results =
        Comparison.compare(scenario.draw(new SplittableRandom(20260105L)), false, DEFAULTS);

    // Task00 is 10 % lower (faster as a time), Task01 10 % higher (slower), and slowest first.
    assertThat(results.get(0).task()).isEqualTo("Task01");
    assertThat(results.get(0).verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(results.get(results.size() - 1).task()).isEqualTo("Task00");
    assertThat(results.get(results.size() - 1).verdict()).isEqualTo(Verdict.FASTER);
  }
}
