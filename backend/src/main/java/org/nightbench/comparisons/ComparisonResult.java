package org.nightbench.comparisons;

import java.util.List;
import org.nightbench.comparisons.statistics.TaskComparison;

/**
 * What a comparison found: per benchmark and metric, every task judged with the false discovery
 * rate controlled over that table's tasks, and the queries whose answers differ between the sides.
 */
public record ComparisonResult(
    String baselineVersion,
    String candidateVersion,
    String jdk,
    List<Table> tables,
    List<String> mismatches) {

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
