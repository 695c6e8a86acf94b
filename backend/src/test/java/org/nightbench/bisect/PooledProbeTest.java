package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.comparisons.ComparisonResult;
import org.nightbench.statistics.Comparison;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.TaskSamples;
import org.nightbench.statistics.Verdict;

class PooledProbeTest {

  private static final double SLOWER = -0.30; // the bad end, 30 % fewer queries per second

  // Two tries of one probe at the bad end's level, 3 JVMs per side each: noisy enough that
  // neither alone shows the probe away from the good end.
  private static final ComparisonResult FIRST =
      result(new double[] {100, 70, 125}, new double[] {72, 95, 55});
  private static final ComparisonResult SECOND =
      result(new double[] {110, 85, 105}, new double[] {60, 88, 70});

  @Test
  void eachTryAloneIsUnknown() {
    assertThat(judge(PooledProbe.row(List.of(FIRST), "search", "qps", "OrHighHigh").orElseThrow()))
        .isEqualTo(ProbeVerdict.UNKNOWN);
    assertThat(judge(PooledProbe.row(List.of(SECOND), "search", "qps", "OrHighHigh").orElseThrow()))
        .isEqualTo(ProbeVerdict.UNKNOWN);
  }

  @Test
  void moreJvmsPoolWithTheEarlierSamplesAndNarrowTheInterval() {
    TaskComparison first = PooledProbe.row(List.of(FIRST), "search", "qps", "OrHighHigh").get();
    TaskComparison pooled =
        PooledProbe.row(List.of(FIRST, SECOND), "search", "qps", "OrHighHigh").orElseThrow();
    assertThat(pooled.baselineN()).isEqualTo(6);
    assertThat(pooled.candidateN()).isEqualTo(6);
    assertThat(pooled.baselineMean()).isEqualTo((100 + 70 + 125 + 110 + 85 + 105) / 6.0);
    assertThat(pooled.ciHigh() - pooled.ciLow()).isLessThan(first.ciHigh() - first.ciLow());
    assertThat(judge(pooled)).isEqualTo(ProbeVerdict.DIFFERENT);
  }

  @Test
  void theBisectedTaskIsJudgedAloneThoughItsComparisonRanAHundredTasks() {
    // The ends as a probe measures them: OrHighHigh clearly slower, 99 other tasks beside it.
    double[] good = {100, 104, 97};
    double[] bad = {52, 55, 50};
    List<TaskSamples> tasks = new java.util.ArrayList<>();
    tasks.add(new TaskSamples("OrHighHigh", good, bad));
    for (int i = 0; i < 99; i++) {
      tasks.add(
          new TaskSamples(
              "Task" + i,
              new double[] {100 + i % 7, 98 - i % 5, 103},
              new double[] {99 + i % 3, 104 - i % 6, 97}));
    }
    ComparisonResult result = result(tasks);
    List<TaskComparison> rows = result.tables().get(0).tasks();
    TaskComparison inTheComparison =
        rows.stream().filter(t -> t.task().equals("OrHighHigh")).findFirst().orElseThrow();
    TaskComparison probed =
        PooledProbe.row(List.of(result), "search", "qps", "OrHighHigh").orElseThrow();

    assertThat(inTheComparison.qValue()).isGreaterThan(probed.qValue());
    assertThat(probed.qValue()).isEqualTo(inTheComparison.pValue());
    assertThat(probed.verdict()).isEqualTo(Verdict.SLOWER);
  }

  @Test
  void aMeasurementNoComparisonMadeIsMissing() {
    assertThat(PooledProbe.row(List.of(FIRST, SECOND), "search", "qps", "AndHighHigh")).isEmpty();
    assertThat(PooledProbe.row(List.of(FIRST), "indexing", "qps", "OrHighHigh")).isEmpty();
  }

  private static ProbeVerdict judge(TaskComparison t) {
    return ProbeJudge.judge(t.relativeDifference(), t.ciLow(), t.ciHigh(), SLOWER);
  }

  private static ComparisonResult result(double[] baseline, double[] candidate) {
    return result(List.of(new TaskSamples("OrHighHigh", baseline, candidate)));
  }

  /** One search qps table of {@code tasks}, judged together as a comparison judges its tasks. */
  private static ComparisonResult result(List<TaskSamples> tasks) {
    ComparisonResult.Table table =
        new ComparisonResult.Table(
            "search",
            "qps",
            "q/s",
            true,
            Comparison.compare(tasks, true),
            tasks.stream()
                .map(t -> new ComparisonResult.Samples(t.task(), t.baseline(), t.candidate()))
                .toList(),
            "",
            null);
    return new ComparisonResult(
        "9.12.3", "10.6.0", "25", List.of(table), List.of(), List.of(), List.of());
  }
}
