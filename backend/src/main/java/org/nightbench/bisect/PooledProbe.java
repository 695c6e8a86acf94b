package org.nightbench.bisect;

import java.util.List;
import java.util.Optional;
import java.util.stream.DoubleStream;
import org.nightbench.comparisons.ComparisonResult;
import org.nightbench.statistics.Comparison;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.TaskSamples;

/**
 * One probe's measurement over every comparison it ran: a probe judged unknown runs more JVMs, and
 * their per-JVM values join the earlier ones, so each retry narrows the interval instead of
 * starting afresh. Pure code, so it is tested on numbers alone.
 */
final class PooledProbe {

  private PooledProbe() {}

  /**
   * The bisected task's row judged on the samples of all the probe's comparisons together, empty
   * when none measured it. Judged alone even when one comparison measured many tasks: the task was
   * named before the probe ran, so its test is one question asked, not one of the comparison's
   * hundred, and no false-discovery adjustment over the tasks that ran beside it applies.
   *
   * @param results the probe's comparisons, oldest first
   */
  static Optional<TaskComparison> row(
      List<ComparisonResult> results, String benchmark, String metric, String task) {
    List<ComparisonResult.Table> tables =
        results.stream()
            .flatMap(r -> r.tables().stream())
            .filter(t -> t.benchmark().equals(benchmark) && t.metric().equals(metric))
            .toList();
    List<ComparisonResult.Samples> samples =
        tables.stream()
            .flatMap(t -> t.samples().stream())
            .filter(s -> s.task().equals(task))
            .toList();
    if (samples.isEmpty()) {
      return Optional.empty();
    }
    double[] baseline =
        samples.stream().flatMapToDouble(s -> DoubleStream.of(s.baseline())).toArray();
    double[] candidate =
        samples.stream().flatMapToDouble(s -> DoubleStream.of(s.candidate())).toArray();
    return Optional.of(
        Comparison.compare(
                List.of(new TaskSamples(task, baseline, candidate)), tables.get(0).higherIsBetter())
            .get(0));
  }
}
