package org.nightbench.benchjobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.nightbench.benchjobs.runner.RoundRunner;
import org.nightbench.benchjobs.runner.WarmupGate;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;

/**
 * luceneutil's reduction ({@code agg()} in {@code benchUtil.py}: drop each query's first 3 runs,
 * sort, drop the slowest 10 % rounded down, take the median; 1 ÷ the mean of the medians) checked
 * against worked examples written out by hand, in milliseconds.
 */
class LuceneutilQpsTest {

  private static final long MS = 1_000_000L;

  private static long[] ms(long... values) {
    return Arrays.stream(values).map(v -> v * MS).toArray();
  }

  @Test
  void dropsTheFirstThreeRunsThenTheSlowestTenthAndTakesTheMedian() {
    // 15 runs: the first 3 (50, 40, 30) go; the 12 left sorted are
    // 2 3 3 4 4 5 5 6 6 7 90 100; int(12 * 0.1) = 1 slowest goes (100); the median of the 11 left
    // is the 6th, 5. (The plain median of all 15 would be 6.)
    long[] runs = ms(50, 40, 30, 5, 3, 4, 100, 6, 2, 7, 3, 5, 4, 6, 90);
    assertThat(LuceneutilQps.queryMedian(runs)).isEqualTo(5.0 * MS);
    assertThat(LuceneutilQps.keptRuns(runs.length)).isEqualTo(11);
  }

  @Test
  void anEvenCountKeptTakesTheMeanOfTheTwoMiddleRuns() {
    // 14 runs: 9 9 9 go; 11 left are 1..11; int(1.1) = 1 goes (11); 1..10 left: (5 + 6) / 2.
    long[] runs = ms(9, 9, 9, 8, 1, 11, 3, 5, 7, 2, 10, 4, 6, 9);
    assertThat(LuceneutilQps.queryMedian(runs)).isEqualTo(5.5 * MS);
  }

  @Test
  void fewerThanTenRunsAfterTheFirstThreeDropNoSlowOne() {
    // 6 runs: 10 10 10 go; 2 4 3 left, int(0.3) = 0 dropped: the median of 2 3 4 is 3.
    assertThat(LuceneutilQps.queryMedian(ms(10, 10, 10, 2, 4, 3))).isEqualTo(3.0 * MS);
  }

  @Test
  void threeRunsOrFewerHaveNoFigureAsInLuceneutil() {
    assertThat(LuceneutilQps.enoughRuns(3)).isFalse();
    assertThat(LuceneutilQps.enoughRuns(4)).isTrue();
    assertThatThrownBy(() -> LuceneutilQps.queryMedian(ms(1, 2, 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than 3 runs");
  }

  @Test
  void aCategoryIsOneOverTheMeanOfItsQueriesMedians() {
    // Medians 5 ms and 3 ms: luceneutil's avgMS = 4, its QPS 1000 / 4 = 250.
    double qps =
        LuceneutilQps.qps(
            List.of(
                ms(50, 40, 30, 5, 3, 4, 100, 6, 2, 7, 3, 5, 4, 6, 90), ms(10, 10, 10, 2, 4, 3)));
    assertThat(qps).isCloseTo(250.0, within(1e-9));
  }

  /**
   * Through the search benchmark's metrics: four measured rounds of four task lines, HighTerm "a"
   * listed twice. luceneutil counts "a" once, its 8 runs in the order they ran (the positions
   * below, not the lines' order): 11 10 | 99 20 | 31 30 | 40 41. The first 3 (11 10 99) go, 20 31
   * 30 40 41 are left, int(0.5) = 0 dropped, median 31 (in line order 10 11 20 would go: 40). "b":
   * 7 1 2 go, 3 left. HighTerm = 2 / (31 + 3 ms) = 58.82 QPS. LowTerm "c": 100 1 1 go, 1 left: 1000
   * QPS.
   */
  @Test
  void searchMetricsReportEachCategoryAsLuceneutilWithoutChangingQps() {
    List<Task> tasks =
        List.of(
            new Task("HighTerm", "a", null, 1),
            new Task("HighTerm", "b", null, 2),
            new Task("HighTerm", "a", null, 3),
            new Task("LowTerm", "c", null, 4));
    long[][] samples = {ms(10, 20, 30, 40), ms(7, 1, 2, 3), ms(11, 99, 31, 41), ms(100, 1, 1, 1)};
    int[][] positions = {{2, 1, 2, 0}, {1, 2, 0, 1}, {0, 0, 1, 2}, {3, 3, 3, 3}};
    Map<String, Double> byName = metrics(tasks, samples, positions);

    assertThat(byName.get("HighTerm/qpsLuceneutil")).isCloseTo(2 / 0.034, within(1e-9));
    assertThat(byName.get("LowTerm/qpsLuceneutil")).isCloseTo(1000.0, within(1e-9));
    // qps is still queries / sum of each line's median over all measured rounds:
    // a 25, b 2.5, a (11 31 41 99) 36 -> 3 / 63.5 ms.
    assertThat(byName.get("HighTerm/qps")).isCloseTo(3 / 0.0635, within(1e-9));
  }

  @Test
  void threeMeasuredRoundsReportNoLuceneutilFigure() {
    List<Task> tasks = List.of(new Task("HighTerm", "a", null, 1));
    Map<String, Double> byName =
        metrics(tasks, new long[][] {ms(1, 2, 3)}, new int[][] {{0, 0, 0}});
    assertThat(byName).containsOnlyKeys("HighTerm/qps", "HighTerm/qpsFastest", "all/warmupSec");
  }

  private static Map<String, Double> metrics(List<Task> tasks, long[][] samples, int[][] pos) {
    List<Outcome> outcomes = new ArrayList<>();
    tasks.forEach(t -> outcomes.add(new Outcome(1, "0")));
    TaskPlan plan = new TaskPlan(tasks, List.of(), outcomes, List.of(), true);
    int measured = samples[0].length;
    Rounds rounds =
        new Rounds(
            samples,
            null,
            pos,
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            new RoundRunner.Warmup(0, 0, -1, WarmupGate.End.FIXED, 0),
            0);
    List<Metric> metrics = SearchMetrics.of(plan, rounds, WarmupGate.fixed(1, measured));
    return metrics.stream()
        .collect(Collectors.toMap(m -> m.task() + "/" + m.name(), Metric::value));
  }
}
