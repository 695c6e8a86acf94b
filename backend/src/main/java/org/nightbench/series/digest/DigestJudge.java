package org.nightbench.series.digest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.series.TaskGroup;
import org.nightbench.statistics.Comparison;
import org.nightbench.statistics.ComparisonSettings;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.TaskSamples;
import org.nightbench.statistics.Verdict;

/**
 * Judges every series two runs both measured with the A/B comparisons' tests: per series Welch's
 * t-test (Mann–Whitney where the pooled JVMs hold an outlier) on the per-JVM samples, then one
 * Benjamini–Hochberg control over all judged series of the run at a false discovery rate of 5 %. A
 * series with one JVM on a side has no spread to test against and is not judged, as is one whose
 * values a ratio cannot take (zero or negative): the row says so rather than guess.
 */
final class DigestJudge {

  /** The false discovery rate across a digest's series, as the comparisons default to. */
  static final ComparisonSettings SETTINGS = ComparisonSettings.defaults();

  static final String ONE_JVM = "one JVM a side: no spread to judge against";
  static final String NOT_POSITIVE = "values not all positive: no ratio to test";
  static final String NOT_BEFORE = "not measured by the earlier run";

  /** How the note of a row on a disturbed night, not judged, begins. */
  static final String DISTURBED = "machine disturbed";

  private DigestJudge() {}

  /** One series as both runs measured it: the per-JVM values on each side. */
  record Pair(
      long seriesId,
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter,
      double[] from,
      double[] to) {}

  /** A row per pair, in the given order. */
  static List<DigestRow> judge(List<Pair> pairs) {
    List<TaskSamples> testable = new ArrayList<>();
    for (Pair pair : pairs) {
      if (whyNot(pair) == null) {
        testable.add(new TaskSamples(Long.toString(pair.seriesId()), pair.from(), pair.to()));
      }
    }
    Map<String, TaskComparison> tested = new HashMap<>();
    // Direction is applied per series below: the comparison's verdict is read as "higher".
    for (TaskComparison c : Comparison.compare(testable, true, SETTINGS)) {
      tested.put(c.task(), c);
    }
    List<DigestRow> rows = new ArrayList<>(pairs.size());
    for (Pair pair : pairs) {
      TaskComparison c = tested.get(Long.toString(pair.seriesId()));
      rows.add(c == null ? notJudged(pair, whyNot(pair)) : judged(pair, c));
    }
    return rows;
  }

  private static String whyNot(Pair pair) {
    if (pair.from().length < 2 || pair.to().length < 2) {
      return ONE_JVM;
    }
    for (double[] side : List.of(pair.from(), pair.to())) {
      for (double value : side) {
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
          return NOT_POSITIVE;
        }
      }
    }
    return null;
  }

  private static DigestRow judged(Pair pair, TaskComparison c) {
    Judgement judgement =
        c.verdict() == Verdict.NO_DIFFERENCE
            ? Judgement.WITHIN_NOISE
            : (c.verdict() == Verdict.FASTER) == pair.higherIsBetter()
                ? Judgement.BETTER
                : Judgement.WORSE;
    return row(
        pair,
        c.relativeDifference(),
        finite(c.ciLow()),
        finite(c.ciHigh()),
        c.pValue(),
        c.qValue(),
        c.test().label(),
        judgement,
        null);
  }

  /** A series the earlier run did not measure: a row of its own, nothing to judge it against. */
  static DigestRow unmatched(Pair pair) {
    return row(pair, null, null, null, null, null, null, Judgement.NOT_JUDGED, NOT_BEFORE);
  }

  private static DigestRow notJudged(Pair pair, String why) {
    double from = mean(pair.from());
    Double change = from == 0 ? null : mean(pair.to()) / from - 1;
    return row(pair, change, null, null, null, null, null, Judgement.NOT_JUDGED, why);
  }

  private static DigestRow row(
      Pair pair,
      Double change,
      Double low,
      Double high,
      Double p,
      Double q,
      String test,
      Judgement judgement,
      String note) {
    TaskGroup group = TaskGroup.of(pair.benchmark(), pair.task());
    return new DigestRow(
        pair.seriesId(),
        group.key(),
        group.title(),
        pair.benchmark(),
        pair.task(),
        pair.metric(),
        pair.unit(),
        pair.higherIsBetter(),
        pair.from().length == 0 ? null : mean(pair.from()),
        pair.from().length,
        mean(pair.to()),
        pair.to().length,
        change,
        low,
        high,
        p,
        q,
        test,
        judgement,
        note,
        null);
  }

  /** An interval end as JSON can carry it: null for an unbounded end. */
  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return values.length == 0 ? Double.NaN : sum / values.length;
  }
}
