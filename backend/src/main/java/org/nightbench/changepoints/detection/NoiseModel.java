package org.nightbench.changepoints.detection;

import java.util.Arrays;

/**
 * The correlation structure of a series' noise: independent nights plus a component that persists
 * (a machine's state lasting days: kernel, firmware, neighbours, thermal), AR(1) with coefficient
 * {@code phi}. The correlation of nights {@code k > 0} apart is {@code persistentShare * phi^k}.
 * The scale comes from each test's own window, so a variance that changes along the series is
 * followed; only the shape of the correlation is estimated once per analysed range.
 *
 * <p>Estimated from the variogram, half the mean square of differences at lags 1 to {@value #LAGS}:
 * {@code γ(k) = white + persistent * (1 - phi^k)}. Differences rather than deviations from a mean,
 * so a step touches only k differences per lag and a slow drift hardly any (the approach of Romano
 * et al., "Detecting abrupt changes in the presence of local fluctuations and autocorrelated
 * noise", JASA 2022). The largest {@value #TRIM_PERCENT} % of squared differences are left out,
 * which drops those spanning a step or a residual outlier but keeps the slow nights of two-level
 * noise (a fifth of all nights), whose variance a robust scale such as the MAD would not see.
 *
 * @param persistentShare the share of the noise's variance that persists, 0 for independent nights
 * @param phi the persistent component's lag-1 correlation
 */
record NoiseModel(double persistentShare, double phi) {

  static final int LAGS = 10;
  static final int TRIM_PERCENT = 5;
  static final double MAX_PHI = 0.95;
  static final double RISE_Z = 2;

  static final NoiseModel INDEPENDENT = new NoiseModel(0, 0);

  /** The lag-1 autocorrelation of the noise. */
  double serialCorrelation() {
    return persistentShare * phi;
  }

  /**
   * The variance of a mean of many nights relative to independent nights: 1 for independent nights,
   * {@code (1 + phi) / (1 - phi)} for pure AR(1).
   */
  double longRunFactor() {
    return 1 + persistentShare * 2 * phi / (1 - phi);
  }

  /** The model of the noise in {@code values[from, to)}. */
  static NoiseModel estimate(double[] values, int from, int to) {
    return estimate(values, from, to, new int[0]);
  }

  /**
   * The model of the noise in {@code values[from, to)} that has steps at {@code breaks}
   * (ascending): differences that span one are left out, as a step at a larger lag would look like
   * a persistent component.
   */
  static NoiseModel estimate(double[] values, int from, int to, int[] breaks) {
    int length = to - from;
    int lags = Math.min(LAGS, length / 10);
    if (lags < 3) {
      return INDEPENDENT;
    }
    double[] gamma = new double[lags + 1];
    double[] squares = new double[length];
    for (int k = 1; k <= lags; k++) {
      int count = 0;
      int next = 0;
      for (int i = from; i + k < to; i++) {
        while (next < breaks.length && breaks[next] <= i) {
          next++;
        }
        if (next < breaks.length && breaks[next] <= i + k) {
          continue;
        }
        double d = values[i + k] - values[i];
        squares[count++] = d * d;
      }
      if (count < 10) {
        return INDEPENDENT;
      }
      Arrays.sort(squares, 0, count);
      int kept = Math.max(1, count - count * TRIM_PERCENT / 100);
      double sum = 0;
      for (int i = 0; i < kept; i++) {
        sum += squares[i];
      }
      gamma[k] = sum / kept / 2;
    }
    if (!(gamma[lags] > 0)) {
      return INDEPENDENT;
    }
    // Least squares of γ(k) on [1, 1 - phi^k] for each phi on a grid, both weights >= 0.
    double bestError = Double.POSITIVE_INFINITY;
    NoiseModel best = INDEPENDENT;
    for (int step = 1; step <= Math.round(MAX_PHI * 100); step++) {
      double phi = step / 100.0;
      double sx = 0;
      double sxx = 0;
      double sy = 0;
      double sxy = 0;
      for (int k = 1; k <= lags; k++) {
        double x = 1 - Math.pow(phi, k);
        sx += x;
        sxx += x * x;
        sy += gamma[k];
        sxy += x * gamma[k];
      }
      double det = lags * sxx - sx * sx;
      double white = (sxx * sy - sx * sxy) / det;
      double persistent = (lags * sxy - sx * sy) / det;
      if (white < 0) {
        white = 0;
        persistent = sxy / sxx;
      }
      if (persistent <= 0) {
        continue;
      }
      double error = 0;
      for (int k = 1; k <= lags; k++) {
        double r = gamma[k] - white - persistent * (1 - Math.pow(phi, k));
        error += r * r;
      }
      if (error < bestError) {
        bestError = error;
        best = new NoiseModel(persistent / (white + persistent), phi);
      }
    }
    // Independent nights have a flat variogram, and the noise of its estimate alone makes a
    // persistent component with a large phi fit a little better than none. So persistence counts
    // only where the variogram's upper half rises above lag 1 by more than RISE_Z standard
    // errors of such a difference (for independent nights, relative SE about sqrt(6 / n)).
    double upper = 0;
    for (int k = (lags + 1) / 2; k <= lags; k++) {
      upper += gamma[k] / (lags - (lags + 1) / 2 + 1);
    }
    double rise = (upper - gamma[1]) / gamma[1];
    return rise > RISE_Z * Math.sqrt(6.0 / length) ? best : INDEPENDENT;
  }

  /**
   * The variance of {@code Σ w[i] x[lo + i]} in units of one night's variance: {@code Σ_ij w_i w_j
   * r(|i - j|)}, in one pass.
   */
  double quadraticForm(double[] w, int count) {
    double sum = 0;
    double carried = 0;
    for (int i = 0; i < count; i++) {
      // carried = Σ_{j < i} w_j phi^(i - j)
      carried = phi * (carried + (i > 0 ? w[i - 1] : 0));
      sum += w[i] * w[i] + 2 * persistentShare * w[i] * carried;
    }
    return sum;
  }
}
