package org.nightbench.changepoints.detection;

import java.util.Arrays;

/** The median the detection package judges levels and spreads by. */
final class Medians {

  private Medians() {}

  /** The median of {@code values} (the mean of the middle two for an even count); not modified. */
  static double of(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
