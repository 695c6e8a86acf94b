package org.nightbench.benchjobs.search;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A category's QPS in one JVM as luceneutil's report computes it ({@code agg()} in its {@code
 * src/python/benchUtil.py}, with {@code SELECT = 'median'}): per distinct query, its runs in the
 * order they ran without the first {@value #WARM_SKIP}, sorted, without the slowest {@value
 * #SLOW_SKIP_PCT} % (rounded down), then their median (the mean of the two middle ones for an even
 * count); the category's figure is 1 ÷ the mean of those medians, i.e. queries ÷ their sum.
 * luceneutil's report then averages that figure over its JVMs, as ingestion does with every metric.
 *
 * <p>Pure code over arrays, so a test can check it against a worked example.
 */
final class LuceneutilQps {

  /** luceneutil's {@code WARM_SKIP}: each query's first runs, dropped. */
  static final int WARM_SKIP = 3;

  /** luceneutil's {@code SLOW_SKIP_PCT}: this share of the remaining runs, the slowest, dropped. */
  static final int SLOW_SKIP_PCT = 10;

  private LuceneutilQps() {}

  /**
   * Whether a query run this often has a figure: luceneutil refuses a query with at most {@value
   * #WARM_SKIP} runs.
   */
  static boolean enoughRuns(int runsPerQuery) {
    return runsPerQuery > WARM_SKIP;
  }

  /** How many runs of {@code runs} the median is taken over. */
  static int keptRuns(int runs) {
    int afterWarmup = runs - WARM_SKIP;
    // Python's int(n * 10 / 100.0): rounded down.
    return afterWarmup - afterWarmup * SLOW_SKIP_PCT / 100;
  }

  /**
   * One query's figure from its run times in the order they ran.
   *
   * @throws IllegalArgumentException for {@value #WARM_SKIP} runs or fewer, as luceneutil refuses
   */
  static double queryMedian(long[] runsInOrder) {
    if (!enoughRuns(runsInOrder.length)) {
      throw new IllegalArgumentException(
          "luceneutil's reduction needs more than "
              + WARM_SKIP
              + " runs of a query, got "
              + runsInOrder.length);
    }
    long[] sorted = Arrays.copyOfRange(runsInOrder, WARM_SKIP, runsInOrder.length);
    Arrays.sort(sorted);
    int n = keptRuns(runsInOrder.length);
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }

  /**
   * The run times of one query listed on {@code lines} (task indexes of {@code samples}) in the
   * order they ran: luceneutil counts a query that appears twice in a category as one, its runs
   * taken together, so its first {@value #WARM_SKIP} are the first of either line.
   *
   * @param samples nanoseconds, {@code [task][round]}
   * @param positions each task's place in each round's order, {@code [task][round]}
   */
  static long[] runsInOrder(long[][] samples, int[][] positions, List<Integer> lines) {
    if (lines.size() == 1) {
      return samples[lines.get(0)];
    }
    int rounds = samples[lines.get(0)].length;
    long[] runs = new long[lines.size() * rounds];
    int k = 0;
    for (int r = 0; r < rounds; r++) {
      int round = r;
      List<Integer> inRound =
          lines.stream().sorted(Comparator.comparingInt(i -> positions[i][round])).toList();
      for (int i : inRound) {
        runs[k++] = samples[i][r];
      }
    }
    return runs;
  }

  /** The category's QPS from each distinct query's run times (nanoseconds, in the order run). */
  static double qps(List<long[]> runsPerQuery) {
    double sumNanos = 0;
    for (long[] runs : runsPerQuery) {
      sumNanos += queryMedian(runs);
    }
    // As SearchMetrics floors its sums: a query faster than the clock would give infinity.
    return runsPerQuery.size() / (Math.max(sumNanos, 1) / 1e9);
  }
}
