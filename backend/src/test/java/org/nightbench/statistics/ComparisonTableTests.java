package org.nightbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LuceneutilTable} against a golden text in luceneutil's column layout. */
class ComparisonTableTests {

  private static final double[] BASE = {101.2, 98.7, 100.5, 99.1, 102.3};

  /**
   * Five tasks: a Welch regression, no difference, a speed-up, two noisy baseline JVMs that cannot
   * bound the ratio, and a task with a bad JVM that the rank test reads.
   */
  private static List<TaskComparison> comparison() {
    return Comparison.compare(
        List.of(
            new TaskSamples(
                "HighTermTitleBDVSort", BASE, new double[] {95.4, 97.8, 94.1, 96.6, 95.9}),
            new TaskSamples("OrHighMed", BASE, new double[] {100.9, 99.0, 101.7, 98.8, 100.4}),
            new TaskSamples("PKLookup", BASE, new double[] {109.8, 111.0, 108.9, 110.6, 110.2}),
            new TaskSamples("Fuzzy2", new double[] {60, 140}, new double[] {99, 101}),
            new TaskSamples(
                "AndHighHigh",
                new double[] {100, 101, 99, 100.5, 99.5, 100.2, 99.8, 100.1},
                new double[] {95, 96, 94, 95.5, 94.5, 95.2, 94.8, 60})),
        true);
  }

  @Test
  void theTableHasLuceneutilsColumnsThenQValueAndVerdict() {
    // Columns as luceneutil prints them: Task right-aligned in 32, four of 12, Pct diff in 24, the
    // p-value after one space; the range here is the 95 % confidence interval.
    String expected =
        String.join(
            "",
            "                            Task    QPS base      StdDev     QPS cmp      StdDev"
                + "                Pct diff p-value q-value verdict\n",
            "                     AndHighHigh      100.01      (0.6%)       90.63     (13.7%)"
                + "   -5.1% (  -6% -   -4%) 0.000*  0.000   slower\n",
            "            HighTermTitleBDVSort      100.36      (1.5%)       95.96      (1.4%)"
                + "   -4.4% (  -6% -   -2%) 0.001   0.002   slower\n",
            "                       OrHighMed      100.36      (1.5%)      100.16      (1.2%)"
                + "   -0.2% (  -2% -    2%) 0.823   1.000   -\n",
            "                          Fuzzy2      100.00     (56.6%)      100.00      (1.4%)"
                + "    0.0% (-inf% -  inf%) 1.000   1.000   -\n",
            "                        PKLookup      100.36      (1.5%)      110.10      (0.7%)"
                + "    9.7% (   8% -   12%) 0.000   0.000   faster\n",
            "Pct diff: candidate vs baseline with its 95% confidence interval. p-value: Welch's"
                + " t-test.\n",
            "q-value: Benjamini-Hochberg over the 5 tasks. verdict: faster or slower where the"
                + " q-value is at\n",
            "most the chosen false discovery rate and the effect at least the chosen minimum,"
                + " else -.\n",
            "* Mann-Whitney U test; Pct diff is then the Hodges-Lehmann shift over the baseline"
                + " median.\n");

    assertThat(LuceneutilTable.format(comparison())).isEqualTo(expected);
  }

  @Test
  void otherHeadingsForOtherUnitsAndNoFootnoteWithoutRankTests() {
    String table =
        LuceneutilTable.format(
            Comparison.compare(
                List.of(new TaskSamples("Indexing", new double[] {10, 11}, new double[] {9, 10})),
                false),
            "ms base",
            "ms cmp");

    assertThat(table)
        .startsWith(
            "                            Task     ms base      StdDev      ms cmp      StdDev")
        .contains(
            "\n                        Indexing       10.50      (6.7%)        9.50      (7.4%)")
        .doesNotContain("Mann-Whitney");
  }

  @Test
  void aTinySignificantEffectNeverPrintsMinusZero() {
    // -0.3 % with a 0.02 % σ: significant, and its interval rounds to whole percents of 0.
    String table =
        LuceneutilTable.format(
            Comparison.compare(
                List.of(
                    new TaskSamples(
                        "Tiny",
                        new double[] {1000.0, 1000.2, 999.8, 1000.1, 999.9},
                        new double[] {997.0, 997.2, 996.8, 997.1, 996.9})),
                true));

    assertThat(table).contains("   -0.3% (   0% -    0%) 0.000   0.000   slower\n");
  }
}
