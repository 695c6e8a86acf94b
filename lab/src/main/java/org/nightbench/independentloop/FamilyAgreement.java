package org.nightbench.independentloop;

/**
 * Whether the harness and the independent loop agree on one family's candidate/baseline ratio: the
 * difference harness − loop (negative: the harness reads the candidate low), and its spread over
 * the pairs (pair i's harness ratio − pair i's loop ratio).
 */
record FamilyAgreement(String family, PairedRatio harness, PairedRatio loop, double limit) {

  double difference() {
    return harness.ratio() - loop.ratio();
  }

  boolean within() {
    return Math.abs(difference()) <= limit;
  }

  double[] pairDifferences() {
    double[] d = new double[harness.pairs().length];
    for (int i = 0; i < d.length; i++) {
      d[i] = harness.pairs()[i] - loop.pairs()[i];
    }
    return d;
  }
}
