package org.nightbench.statistics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * Compares a baseline with a candidate over many tasks at once: a test per task, then one false
 * discovery rate control over all of them, so that fifty tasks do not buy fifty chances of a false
 * alarm.
 */
public final class Comparison {

  private Comparison() {}

  /**
   * {@link #compare(List, boolean, ComparisonSettings)} with {@link ComparisonSettings#defaults()}.
   */
  public static List<TaskComparison> compare(List<TaskSamples> tasks, boolean higherIsBetter) {
    return compare(tasks, higherIsBetter, ComparisonSettings.defaults());
  }

  /**
   * One result per task, worst first: sorted by the relative difference as the user feels it (for
   * {@code higherIsBetter} metrics such as QPS the most negative first, for latencies the most
   * positive first), then by task name, so a reader starts with the regressions as in luceneutil.
   *
   * @param tasks distinct task names; the q-values are computed over exactly these tasks
   * @param higherIsBetter true for throughput (QPS), false for times
   * @throws IllegalArgumentException when two samples share a task name
   */
  public static List<TaskComparison> compare(
      List<TaskSamples> tasks, boolean higherIsBetter, ComparisonSettings settings) {
    Objects.requireNonNull(settings, "settings");
    Set<String> names = new HashSet<>();
    for (TaskSamples task : tasks) {
      if (!names.add(task.task())) {
        throw new IllegalArgumentException("task appears twice: " + task.task());
      }
    }
    List<TwoSampleResult> results = new ArrayList<>(tasks.size());
    double[] p = new double[tasks.size()];
    for (int i = 0; i < tasks.size(); i++) {
      TwoSampleResult result = test(tasks.get(i), settings.testChoice());
      results.add(result);
      // A NaN p-value cannot count as evidence of anything.
      p[i] = Double.isNaN(result.p()) ? 1 : result.p();
    }
    double[] q = BenjaminiHochberg.adjust(p);
    List<TaskComparison> comparisons = new ArrayList<>(tasks.size());
    for (int i = 0; i < tasks.size(); i++) {
      TaskSamples task = tasks.get(i);
      TwoSampleResult result = results.get(i);
      double[] baseline = task.baseline();
      double[] candidate = task.candidate();
      comparisons.add(
          new TaskComparison(
              task.task(),
              baseline.length,
              Mean.of(baseline).getAsDouble(),
              StandardDeviation.of(baseline).getAsDouble(),
              candidate.length,
              Mean.of(candidate).getAsDouble(),
              StandardDeviation.of(candidate).getAsDouble(),
              result.relativeDifference(),
              result.low(),
              result.high(),
              result.test(),
              p[i],
              q[i],
              verdict(result.relativeDifference(), q[i], higherIsBetter, settings)));
    }
    double sign = higherIsBetter ? 1 : -1;
    comparisons.sort(
        Comparator.comparingDouble((TaskComparison c) -> sign * c.relativeDifference())
            .thenComparing(TaskComparison::task));
    return comparisons;
  }

  private static TwoSampleResult test(TaskSamples task, ComparisonSettings.TestChoice choice) {
    double[] baseline = task.baseline();
    double[] candidate = task.candidate();
    return switch (TestSelection.choose(choice, baseline, candidate)) {
      case WELCH -> WelchMeans.run(baseline, candidate).result();
      case MANN_WHITNEY -> RankShift.run(baseline, candidate).result();
    };
  }

  /**
   * Significant after the FDR control, at least the minimum effect, and in a direction; a rank test
   * can reject with a Hodges–Lehmann shift of exactly 0 (heavy ties), which names no direction.
   */
  static Verdict verdict(
      double relativeDifference, double q, boolean higherIsBetter, ComparisonSettings settings) {
    if (!(q <= settings.alpha())
        || relativeDifference == 0
        || Math.abs(relativeDifference) < settings.minRelativeEffect()) {
      return Verdict.NO_DIFFERENCE;
    }
    return relativeDifference > 0 == higherIsBetter ? Verdict.FASTER : Verdict.SLOWER;
  }
}
