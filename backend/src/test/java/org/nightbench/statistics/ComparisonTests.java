package org.nightbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Comparison}'s contract: fields, order, verdicts, settings and bad input. */
class ComparisonTests {

  private static final double[] BASE = {101.2, 98.7, 100.5, 99.1, 102.3};
  private static final double[] SLOWER = {95.4, 97.8, 94.1, 96.6, 95.9};
  private static final double[] SAME = {100.9, 99.0, 101.7, 98.8, 100.4};
  private static final double[] FASTER = {109.8, 111.0, 108.9, 110.6, 110.2};

  private static List<TaskSamples> threeTasks() {
    return List.of(
        new TaskSamples("Same", BASE, SAME),
        new TaskSamples("Faster", BASE, FASTER),
        new TaskSamples("Slower", BASE, SLOWER));
  }

  @Test
  void eachTaskGetsItsFiguresAndTheQValuesAreOverAllTasks() {
    List<TaskComparison> results = Comparison.compare(threeTasks(), true);

    TaskComparison slower = results.get(0);
    assertThat(slower.task()).isEqualTo("Slower");
    assertThat(slower.baselineN()).isEqualTo(5);
    assertThat(slower.baselineMean()).isCloseTo(100.36, within(1e-9));
    assertThat(slower.baselineStdDev()).isCloseTo(1.485934, within(1e-6));
    assertThat(slower.candidateN()).isEqualTo(5);
    assertThat(slower.candidateMean()).isCloseTo(95.96, within(1e-9));
    assertThat(slower.candidateStdDev()).isCloseTo(1.375863, within(1e-6));
    // The figures of ComparisonStatisticsTests.fiellersIntervalMatchesTheFormulaWorkedByHand.
    assertThat(slower.relativeDifference()).isCloseTo(-0.043842, within(1e-6));
    assertThat(slower.ciLow()).isCloseTo(-0.063967, within(1e-6));
    assertThat(slower.ciHigh()).isCloseTo(-0.023271, within(1e-6));
    assertThat(slower.test()).isEqualTo(TestMethod.WELCH);
    assertThat(slower.pValue()).isCloseTo(0.0012797, within(1e-7));
    // Second smallest of three p-values: q = min(p × 3 / 2, the next q).
    assertThat(slower.qValue()).isCloseTo(0.0012797 * 3 / 2, within(1e-7));
    assertThat(slower.verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void worstFirstForQpsAndForTimes() {
    assertThat(Comparison.compare(threeTasks(), true))
        .extracting(TaskComparison::task, TaskComparison::verdict)
        .map(t -> t.toList())
        .containsExactly(
            List.of("Slower", Verdict.SLOWER),
            List.of("Same", Verdict.NO_DIFFERENCE),
            List.of("Faster", Verdict.FASTER));
    // As times, higher values are worse: the same samples read the other way round.
    assertThat(Comparison.compare(threeTasks(), false))
        .extracting(TaskComparison::task, TaskComparison::verdict)
        .map(t -> t.toList())
        .containsExactly(
            List.of("Faster", Verdict.SLOWER),
            List.of("Same", Verdict.NO_DIFFERENCE),
            List.of("Slower", Verdict.FASTER));
  }

  @Test
  void aMinimumEffectSilencesSmallerSignificantDifferences() {
    ComparisonSettings fivePercent = ComparisonSettings.defaults().withMinRelativeEffect(0.05);

    assertThat(Comparison.compare(threeTasks(), true, fivePercent))
        .extracting(TaskComparison::verdict)
        .containsExactly(Verdict.NO_DIFFERENCE, Verdict.NO_DIFFERENCE, Verdict.FASTER);
  }

  @Test
  void alphaIsTheQValueThreshold() {
    TaskComparison slower = Comparison.compare(threeTasks(), true).get(0);
    ComparisonSettings strict = ComparisonSettings.defaults().withAlpha(slower.qValue() * 0.99);
    ComparisonSettings exact = ComparisonSettings.defaults().withAlpha(slower.qValue());

    assertThat(Comparison.compare(threeTasks(), true, strict).get(0).verdict())
        .isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(Comparison.compare(threeTasks(), true, exact).get(0).verdict())
        .isEqualTo(Verdict.SLOWER);
  }

  @Test
  void aBadJvmSwitchesToTheRankTestAndItsHodgesLehmannEffect() {
    double[] base = {100, 101, 99, 100.5, 99.5, 100.2, 99.8, 100.1};
    double[] cmp = {95, 96, 94, 95.5, 94.5, 95.2, 94.8, 60};

    TaskComparison result =
        Comparison.compare(List.of(new TaskSamples("Bad", base, cmp)), true).get(0);

    assertThat(result.test()).isEqualTo(TestMethod.MANN_WHITNEY);
    assertThat(result.verdict()).isEqualTo(Verdict.SLOWER);
    // The bad JVM drags the mean ratio to -9.4 %; the shift of the other seven is -5 %.
    assertThat(result.candidateMean() / result.baselineMean() - 1).isLessThan(-0.09);
    assertThat(result.relativeDifference()).isCloseTo(-0.05, within(0.003));
    assertThat(result.ciLow()).isLessThan(result.relativeDifference());
    assertThat(result.ciHigh()).isBetween(result.relativeDifference(), 0.0);
    // Welch, forced, sees the inflated variance and cannot tell.
    TaskComparison welch =
        Comparison.compare(
                List.of(new TaskSamples("Bad", base, cmp)),
                true,
                ComparisonSettings.defaults().withTestChoice(ComparisonSettings.TestChoice.WELCH))
            .get(0);
    assertThat(welch.pValue()).isGreaterThan(result.pValue());
  }

  @Test
  void anEmptyComparisonIsEmpty() {
    assertThat(Comparison.compare(List.of(), true)).isEmpty();
  }

  @Test
  void badInputIsRefused() {
    assertThatThrownBy(
            () ->
                Comparison.compare(
                    List.of(new TaskSamples("A", BASE, SAME), new TaskSamples("A", BASE, SAME)),
                    true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("twice");
    assertThatThrownBy(() -> new TaskSamples("A", new double[] {1}, SAME))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 2");
    assertThatThrownBy(() -> new TaskSamples("A", BASE, new double[] {1, Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TaskSamples("A", BASE, new double[] {1, 0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
    assertThatThrownBy(() -> new TaskSamples(" ", BASE, SAME))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ComparisonSettings.defaults().withAlpha(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ComparisonSettings.defaults().withMinRelativeEffect(-0.01))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void samplesAreCopiedInAndOut() {
    double[] values = {1, 2, 3};
    TaskSamples samples = new TaskSamples("A", values, values);
    values[0] = 99;
    samples.baseline()[1] = 99;

    assertThat(samples.baseline()).containsExactly(1, 2, 3);
    assertThat(samples)
        .isEqualTo(new TaskSamples("A", new double[] {1, 2, 3}, new double[] {1, 2, 3}))
        .hasSameHashCodeAs(new TaskSamples("A", new double[] {1, 2, 3}, new double[] {1, 2, 3}));
  }
}
