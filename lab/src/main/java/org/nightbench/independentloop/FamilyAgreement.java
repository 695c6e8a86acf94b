package org.nightbench.independentloop;

import java.util.Arrays;
import java.util.Random;

/**
 * Whether the harness and the independent loop agree on one family's candidate/baseline ratio: the
 * difference harness − loop (negative: the harness reads the candidate low), its spread over the
 * pairs (pair i's harness ratio − pair i's loop ratio), and how far the JVMs' draw alone moves it
 * (an interval from resampling the pairs).
 */
record FamilyAgreement(String family, PairedRatio harness, PairedRatio loop, double limit) {

  /** Resamplings behind {@link #interval()}; seeded, so a report reads the same twice. */
  static final int DRAWS = 2000;

  static final long SEED = 42;

  double difference() {
    return harness.ratio() - loop.ratio();
  }

  boolean within() {
    return Math.abs(difference()) <= limit;
  }

  double[] pairDifferences() {
    double[] h = harness.pairs();
    double[] l = loop.pairs();
    double[] d = new double[h.length];
    for (int i = 0; i < d.length; i++) {
      d[i] = h[i] - l[i];
    }
    return d;
  }

  /**
   * The 90 % interval of {@link #difference()} over the pairs resampled with replacement (a pair
   * keeps its four JVMs together, as they ran side by side): where the difference could have landed
   * with other JVMs of the same machine.
   */
  double[] interval() {
    Random random = new Random(SEED);
    int n = harness.baseline().length;
    double[] draws = new double[DRAWS];
    int[] picked = new int[n];
    for (int d = 0; d < DRAWS; d++) {
      for (int i = 0; i < n; i++) {
        picked[i] = random.nextInt(n);
      }
      draws[d] = harness.picked(picked).ratio() - loop.picked(picked).ratio();
    }
    Arrays.sort(draws);
    return new double[] {draws[(int) (0.05 * DRAWS)], draws[(int) (0.95 * DRAWS) - 1]};
  }
}
