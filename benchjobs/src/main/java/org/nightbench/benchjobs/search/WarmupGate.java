package org.nightbench.benchjobs.search;

import java.util.Arrays;
import java.util.List;

/**
 * Decides when warm-up is over: after the minimum rounds, once the median round time of the last
 * window differs from the window before by at most the tolerance (JIT compilation and caches have
 * settled), or when the time cap is reached. Medians, not means, so one GC pause or a neighbour's
 * burst on a shared machine does not hold warm-up open.
 */
final class WarmupGate {

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

  /** Whether the last two windows of {@code roundNanos} agree within the tolerance. */
  boolean converged(List<Long> roundNanos) {
    int n = roundNanos.size();
    if (n < 2 * window) {
      return false;
    }
    double last = median(roundNanos.subList(n - window, n));
    double previous = median(roundNanos.subList(n - 2 * window, n - window));
    return Math.abs(last - previous) <= tolerance * previous;
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
