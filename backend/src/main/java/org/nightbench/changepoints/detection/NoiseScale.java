package org.nightbench.changepoints.detection;

import java.util.Arrays;

/**
 * The local between-night noise of a series: a standard deviation per point, from the median
 * absolute difference of consecutive values within a radius around it.
 */
final class NoiseScale {

  // For Gaussian noise of standard deviation s, |x[i+1] - x[i]| has median s * sqrt(2) * 0.6745.
  private static final double MEDIAN_ABS_DIFF_PER_SIGMA = Math.sqrt(2) * 0.6744897501960817;
  // ... and mean s * sqrt(2) * sqrt(2 / pi), used when more than half the differences are zero.
  private static final double MEAN_ABS_DIFF_PER_SIGMA = 2 / Math.sqrt(Math.PI);

  private NoiseScale() {}

  /**
   * σ for every point of {@code values[from, to)}, indexed from {@code from}; 0 only where every
   * difference in reach is 0.
   */
  static double[] local(double[] values, int from, int to, int radius) {
    int length = to - from;
    double[] sigma = new double[length];
    if (length < 2) {
      return sigma;
    }
    // Differences rather than deviations from a mean: a step moves one difference, an outlier two,
    // and a drift of far less than the noise per night none, so none of them inflates the scale.
    double[] sorted = new double[2 * radius + 1];
    int count = 0;
    double sum = 0;
    int lo = from;
    int hi = from;
    for (int i = from; i < to; i++) {
      int wantLo = Math.max(from, i - radius);
      int wantHi = Math.min(to - 1, i + radius);
      while (hi < wantHi) {
        double d = Math.abs(values[hi + 1] - values[hi]);
        int at = Arrays.binarySearch(sorted, 0, count, d);
        at = at < 0 ? -at - 1 : at;
        System.arraycopy(sorted, at, sorted, at + 1, count - at);
        sorted[at] = d;
        count++;
        sum += d;
        hi++;
      }
      while (lo < wantLo) {
        double d = Math.abs(values[lo + 1] - values[lo]);
        int at = Arrays.binarySearch(sorted, 0, count, d);
        System.arraycopy(sorted, at + 1, sorted, at, count - at - 1);
        count--;
        sum -= d;
        lo++;
      }
      double median =
          count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
      sigma[i - from] =
          median > 0
              ? median / MEDIAN_ABS_DIFF_PER_SIGMA
              : Math.max(0, sum / count) / MEAN_ABS_DIFF_PER_SIGMA;
    }
    return sigma;
  }
}
