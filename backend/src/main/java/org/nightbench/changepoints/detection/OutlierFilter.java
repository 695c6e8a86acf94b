package org.nightbench.changepoints.detection;

import java.util.Arrays;

/**
 * Replaces single outlying nights by the median of their neighbours (a Hampel filter), which leaves
 * a step's edge where it is.
 */
final class OutlierFilter {

  static final int HALF_WIDTH = 3;

  private OutlierFilter() {}

  /**
   * A copy of {@code values} whose points in {@code [from, to)} further than {@code threshold *
   * sigma} from the median of the seven points around them are that median; other indices are 0.
   */
  static double[] clean(double[] values, int from, int to, double[] sigma, double threshold) {
    double[] cleaned = new double[values.length];
    double[] window = new double[2 * HALF_WIDTH + 1];
    for (int i = from; i < to; i++) {
      int lo = Math.max(from, i - HALF_WIDTH);
      int hi = Math.min(to, i + HALF_WIDTH + 1);
      int count = hi - lo;
      System.arraycopy(values, lo, window, 0, count);
      Arrays.sort(window, 0, count);
      // At the ends the window is even; a point is an outlier only if it is far from both middle
      // values, else the first nights of a new level at the very end would be pulled halfway back.
      double low = window[(count - 1) / 2];
      double high = window[count / 2];
      double value = values[i];
      double nearest = value < low ? low : Math.min(value, high);
      // Where the noise is 0 (a constant stretch), any departure from the median is an outlier.
      cleaned[i] = Math.abs(value - nearest) > threshold * sigma[i - from] ? nearest : value;
    }
    return cleaned;
  }
}
