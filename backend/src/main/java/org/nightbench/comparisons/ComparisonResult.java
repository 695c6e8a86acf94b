package org.nightbench.comparisons;

import java.util.List;
import org.nightbench.comparisons.statistics.TaskComparison;

/**
 * What a comparison found: per benchmark and metric, every task judged with the false discovery
 * rate controlled over that table's tasks, and the queries whose answers differ between the sides.
 *
 * @param notCompared metrics measured but not judged, one line each with the reason (a zero count,
 *     say, has no ratio)
 */
public record ComparisonResult(
    String baselineVersion,
    String candidateVersion,
    String jdk,
    List<Table> tables,
    List<String> mismatches,
    List<String> notCompared) {

  public ComparisonResult {
    // Results stored before notCompared existed read back without it.
    notCompared = notCompared == null ? List.of() : List.copyOf(notCompared);
  }

  /** One benchmark's metric, e.g. search qps: its tasks, worst first, and luceneutil's text. */
  public record Table(
      String benchmark,
      String metric,
      String unit,
      boolean higherIsBetter,
      List<TaskComparison> tasks,
      List<Samples> samples,
      String text) {}

  /** The per-JVM values behind one task's row, in the order the JVMs ran. */
  public record Samples(String task, double[] baseline, double[] candidate) {}
}
