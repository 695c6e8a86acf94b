package org.nightbench.comparisons;

import java.util.Arrays;
import java.util.List;
import org.nightbench.statistics.TaskComparison;

/**
 * What a comparison found: per benchmark and metric, every task judged with the false discovery
 * rate controlled over that table's tasks, and the queries whose answers differ between the sides.
 *
 * @param notCompared metrics measured but not judged, one line each with the reason (a zero count,
 *     say, has no ratio)
 * @param recallLosses KNN settings on which the candidate finds fewer true neighbours, one line
 *     each (see {@link RecallLosses}): flagged even when the candidate is faster
 */
public record ComparisonResult(
    String baselineVersion,
    String candidateVersion,
    String jdk,
    List<Table> tables,
    List<String> mismatches,
    List<String> notCompared,
    List<String> recallLosses) {

  public ComparisonResult {
    // Results stored before notCompared or recallLosses existed read back without them.
    notCompared = notCompared == null ? List.of() : List.copyOf(notCompared);
    recallLosses = recallLosses == null ? List.of() : List.copyOf(recallLosses);
  }

  /**
   * One benchmark's metric, e.g. search qps: its tasks, worst first, and luceneutil's text.
   *
   * @param commonShift when nearly every task moved the same way, their median difference (e.g.
   *     -0.22); null otherwise. The reader should know: a whole JVM often runs faster or slower on
   *     every task, so a shift this uniform may be one side's JVMs as well as a real change that
   *     touches every query
   */
  public record Table(
      String benchmark,
      String metric,
      String unit,
      boolean higherIsBetter,
      List<TaskComparison> tasks,
      List<Samples> samples,
      String text,
      Double commonShift) {

    /** Tasks needed before a shift shared by "nearly every task" means anything. */
    static final int MIN_TASKS = 5;

    /** The share of tasks that must have moved the same way. */
    static final double SAME_WAY = 0.9;

    /** The median difference when at least 90 % of at least 5 tasks moved the same way. */
    static Double commonShift(List<TaskComparison> tasks) {
      if (tasks.size() < MIN_TASKS) {
        return null;
      }
      double[] differences =
          tasks.stream().mapToDouble(TaskComparison::relativeDifference).sorted().toArray();
      long up = Arrays.stream(differences).filter(d -> d > 0).count();
      long down = Arrays.stream(differences).filter(d -> d < 0).count();
      if (Math.max(up, down) < SAME_WAY * differences.length) {
        return null;
      }
      int n = differences.length;
      return n % 2 == 1 ? differences[n / 2] : (differences[n / 2 - 1] + differences[n / 2]) / 2;
    }
  }

  /** The per-JVM values behind one task's row, in the order the JVMs ran. */
  public record Samples(String task, double[] baseline, double[] candidate) {}
}
