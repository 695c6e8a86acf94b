package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.TestMethod;
import org.nightbench.statistics.Verdict;

class CommonShiftTest {

  @Test
  void nearlyEveryTaskMovingOneWayGivesTheirMedian() {
    assertThat(ComparisonResult.Table.commonShift(tasks(-0.30, -0.20, -0.25, -0.10, -0.15)))
        .isCloseTo(-0.20, within(1e-12));
    // 9 of 10 the same way is still "nearly every"; the median of an even count is the mean of
    // the middle two.
    assertThat(
            ComparisonResult.Table.commonShift(
                tasks(0.05, 0.10, 0.12, 0.08, 0.20, 0.11, 0.09, 0.15, 0.07, -0.01)))
        .isCloseTo(0.095, within(1e-12));
  }

  @Test
  void mixedDirectionsOrTooFewTasksGiveNone() {
    assertThat(
            ComparisonResult.Table.commonShift(
                tasks(0.05, 0.10, 0.12, 0.08, 0.20, 0.11, 0.09, 0.15, -0.07, -0.01)))
        .isNull();
    assertThat(ComparisonResult.Table.commonShift(tasks(-0.3, -0.2, -0.25, -0.1))).isNull();
  }

  private static List<TaskComparison> tasks(double... differences) {
    return Arrays.stream(differences)
        .mapToObj(
            d ->
                new TaskComparison(
                    "T" + d,
                    5,
                    100,
                    1,
                    5,
                    100 * (1 + d),
                    1,
                    d,
                    d - 0.01,
                    d + 0.01,
                    TestMethod.values()[0],
                    0.5,
                    0.5,
                    Verdict.NO_DIFFERENCE))
        .toList();
  }
}
