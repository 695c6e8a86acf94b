package org.nightbench.statistics;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Benjamini and Hochberg's step-up adjustment: a task is a discovery at false discovery rate {@code
 * α} exactly when its q-value is at most {@code α}.
 *
 * <p>Why this and not Bonferroni: a comparison of fifty tasks expects several real differences when
 * a change touches a hot path, and Bonferroni's family-wise control would hide all but the largest.
 * Controlling the expected share of false verdicts among the reported ones is the promise a reader
 * of the table needs. When no task really differs, the share is 0 or 1, so the chance of any
 * verdict at all is at most {@code α}: the A/A guarantee. It holds for independent tests and for
 * positively dependent ones (Benjamini and Yekutieli, 2001), which is what a machine-wide slowdown
 * gives.
 */
final class BenjaminiHochberg {

  private BenjaminiHochberg() {}

  /**
   * The q-values of {@code p}, in the same order: {@code min over j with p_j >= p_i of m p_j /
   * rank(j)}.
   */
  static double[] adjust(double[] p) {
    int m = p.length;
    Integer[] order = IntStream.range(0, m).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
    double[] q = new double[m];
    double running = 1;
    // From the largest p-value down, so each q is the minimum over the p-values at or above it.
    for (int rank = m; rank >= 1; rank--) {
      int i = order[rank - 1];
      running = Math.min(running, p[i] * m / rank);
      // q >= p holds exactly; p * m / m can round one ulp below p.
      q[i] = Math.max(running, p[i]);
    }
    return q;
  }
}
