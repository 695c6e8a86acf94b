package org.nightbench.statistics;

import java.util.List;
import java.util.Locale;

/**
 * A comparison as plain text in the layout of luceneutil's report, for pasting into a pull request:
 * the same right-aligned columns {@code Task, QPS base, StdDev, QPS cmp, StdDev, Pct diff, p-value}
 * (σ as a percentage of its mean, {@code Pct diff} as {@code -4.2% ( -7% - -1%)}), then a q-value
 * and a verdict, and a legend saying what the numbers are.
 *
 * <p>Unlike luceneutil's, the range in {@code Pct diff} is a 95 % confidence interval rather than
 * mean ± σ on each side, and the p-value is Welch's (or, marked {@code *}, Mann–Whitney's) rather
 * than a normal approximation with a pooled σ. Interval ends are rounded to whole percent, so a
 * tiny significant effect can print as {@code ( 0% - 0%)}.
 */
public final class LuceneutilTable {

  private LuceneutilTable() {}

  /** {@link #format(List, String, String)} with luceneutil's QPS headings. */
  public static String format(List<TaskComparison> comparisons) {
    return format(comparisons, "QPS base", "QPS cmp");
  }

  /**
   * The table, one line per comparison in the given order, each line ending in {@code \n} whatever
   * the platform.
   *
   * @param baseHeading heading of the baseline's mean column, e.g. {@code "ms base"} for times
   * @param candidateHeading heading of the candidate's mean column
   */
  public static String format(
      List<TaskComparison> comparisons, String baseHeading, String candidateHeading) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%32s%12s%12s%12s%12s%24s p-value q-value verdict\n",
            "Task",
            baseHeading,
            "StdDev",
            candidateHeading,
            "StdDev",
            "Pct diff"));
    boolean ranked = false;
    for (TaskComparison c : comparisons) {
      ranked |= c.test() == TestMethod.MANN_WHITNEY;
      out.append(
          String.format(
              Locale.ROOT,
              "%32s%12.2f%12s%12.2f%12s%24s %.3f%s  %.3f   %s\n",
              c.task(),
              c.baselineMean(),
              relativeStdDev(c.baselineStdDev(), c.baselineMean()),
              c.candidateMean(),
              relativeStdDev(c.candidateStdDev(), c.candidateMean()),
              String.format(
                  Locale.ROOT,
                  "%7.1f%% (%4s%% - %4s%%)",
                  100 * c.relativeDifference(),
                  wholePercent(c.ciLow()),
                  wholePercent(c.ciHigh())),
              c.pValue(),
              c.test() == TestMethod.MANN_WHITNEY ? "*" : " ",
              c.qValue(),
              verdict(c.verdict())));
    }
    out.append(
        "Pct diff: candidate vs baseline with its 95% confidence interval. p-value: Welch's t-test.\n");
    out.append(
        String.format(
            Locale.ROOT,
            "q-value: Benjamini-Hochberg over the %d tasks. verdict: faster or slower where the"
                + " q-value is at\nmost the chosen false discovery rate and the effect at least the"
                + " chosen minimum, else -.\n",
            comparisons.size()));
    if (ranked) {
      out.append(
          "* Mann-Whitney U test; Pct diff is then the Hodges-Lehmann shift over the baseline"
              + " median.\n");
    }
    return out.toString();
  }

  private static String relativeStdDev(double stddev, double mean) {
    return String.format(Locale.ROOT, "(%.1f%%)", 100 * stddev / mean);
  }

  /** A whole percent, or {@code -inf}/{@code inf} for an unbounded end; never {@code -0}. */
  private static String wholePercent(double relative) {
    if (relative == Double.NEGATIVE_INFINITY) {
      return "-inf";
    }
    if (relative == Double.POSITIVE_INFINITY) {
      return "inf";
    }
    return Long.toString(Math.round(100 * relative));
  }

  private static String verdict(Verdict verdict) {
    return switch (verdict) {
      case FASTER -> "faster";
      case SLOWER -> "slower";
      case NO_DIFFERENCE -> "-";
    };
  }
}
