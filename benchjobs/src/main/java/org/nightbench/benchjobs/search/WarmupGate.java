package org.nightbench.benchjobs.search;

import java.util.Arrays;
import java.util.List;

/**
 * Decides when warm-up is over: after the minimum rounds, once the median round times of the last
 * three windows each differ from the one before by at most the tolerance (JIT compilation and
 * caches have settled), or when the time cap is reached. Three windows, not two: tiered compilation
 * makes round times fall in steps, and two windows on one step look settled. Medians, not means, so
 * one GC pause or a neighbour's burst on a shared machine does not hold warm-up open.
 */
final class WarmupGate {

  private static final int WINDOWS = 3;

  private final int minRounds;
  private final long maxNanos;
  private final double tolerance;
  private final int window;

  WarmupGate(SearchSettings s) {
    this.minRounds = s.warmup();
    this.maxNanos = (long) (s.maxWarmupSec() * 1e9);
    this.tolerance = s.warmupTolerance();
    this.window = s.warmupWindow();
  }

  /** Whether adaptive warm-up is on at all. */
  boolean adaptive() {
    return maxNanos > 0;
  }

  /** Whether to stop warming up after these round times and this much warm-up time. */
  boolean done(List<Long> roundNanos, long elapsedNanos) {
    if (roundNanos.size() < minRounds) {
      return false;
    }
    return !adaptive() || elapsedNanos >= maxNanos || converged(roundNanos);
  }

  /** Whether the last three windows of {@code roundNanos} agree step by step. */
  boolean converged(List<Long> roundNanos) {
    int n = roundNanos.size();
    if (n < WINDOWS * window) {
      return false;
    }
    double previous = median(roundNanos.subList(n - WINDOWS * window, n - (WINDOWS - 1) * window));
    for (int w = WINDOWS - 1; w >= 1; w--) {
      double current = median(roundNanos.subList(n - w * window, n - (w - 1) * window));
      if (Math.abs(current - previous) > tolerance * previous) {
        return false;
      }
      previous = current;
    }
    return true;
  }

  static double median(List<Long> values) {
    long[] v = values.stream().mapToLong(Long::longValue).toArray();
    return median(v);
  }

  static double median(long[] values) {
    long[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  }
}
