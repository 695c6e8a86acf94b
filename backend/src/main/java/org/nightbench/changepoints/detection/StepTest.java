package org.nightbench.changepoints.detection;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The test a candidate step must pass on its window {@code [lo, hi)} split at {@code index}: a line
 * fitted to each side by least squares, and the jump between them at the split must differ from
 * zero. A drift, even one that starts or stops at the split, leaves no jump; a step against an
 * opposite drift does, though the two sides' means hardly differ.
 */
final class StepTest {

  private StepTest() {}

  /**
   * What the test saw.
   *
   * @param levelBefore the left line at {@code index}
   * @param levelAfter the right line at {@code index}
   * @param p the jump's two-sided p-value (Student's t), not yet adjusted
   * @param sigma the noise standard deviation the test assumed
   * @param serialCorrelation the lag-1 autocorrelation of the noise the test assumed
   */
  record Outcome(
      int index,
      int lo,
      int hi,
      double levelBefore,
      double levelAfter,
      double p,
      double sigma,
      double serialCorrelation) {

    /** The step's size beyond the local trend, relative to the level it left. */
    double relativeChange() {
      return levelAfter / levelBefore - 1;
    }

    /** Split positions the window offered a step, for the Bonferroni adjustment. */
    int positions(int minSegment) {
      return Math.max(1, hi - lo - 2 * minSegment + 1);
    }
  }

  /**
   * Tests a step at {@code index} in {@code values[lo, hi)}; {@code stddevs} (nullable, NaN for
   * unknown) only floors the residual variance at {@code floor^2} times their mean square.
   */
  static Outcome run(double[] values, double[] stddevs, double floor, int lo, int index, int hi) {
    Line left = Line.fit(values, lo, index, index);
    Line right = Line.fit(values, index, hi, index);
    int df = hi - lo - 4;
    double residual =
        Math.max(
            df > 0 ? (left.squaredError + right.squaredError) / df : 0,
            floorVariance(stddevs, floor, lo, hi));
    double jump = right.value - left.value;
    double se = Math.sqrt(residual * (left.varianceFactor + right.varianceFactor));
    double p = se > 0 ? twoSided(jump / se, df) : jump != 0 ? 0 : 1;
    double rho = lagOneCorrelation(values, lo, index, left, hi, right);
    return new Outcome(index, lo, hi, left.value, right.value, p, Math.sqrt(residual), rho);
  }

  /**
   * A least-squares line through {@code values[lo, hi)}, evaluated at {@code at}.
   *
   * @param varianceFactor the variance of {@code value} in units of the residual variance
   */
  private record Line(
      double value, double varianceFactor, double squaredError, double intercept, double slope) {

    /** The line at index {@code i}. */
    double at(int i) {
      return intercept + slope * i;
    }

    static Line fit(double[] values, int lo, int hi, int at) {
      double meanT = (lo + hi - 1) / 2.0;
      double meanY = mean(values, lo, hi);
      double stt = 0;
      double sty = 0;
      for (int i = lo; i < hi; i++) {
        stt += (i - meanT) * (i - meanT);
        sty += (i - meanT) * (values[i] - meanY);
      }
      double slope = stt > 0 ? sty / stt : 0;
      double sse = 0;
      for (int i = lo; i < hi; i++) {
        double r = values[i] - meanY - slope * (i - meanT);
        sse += r * r;
      }
      double factor = 1.0 / (hi - lo) + (stt > 0 ? (at - meanT) * (at - meanT) / stt : 0);
      return new Line(meanY + slope * (at - meanT), factor, sse, meanY - slope * meanT, slope);
    }
  }

  /**
   * The sum of squared residuals of level + slope + step-at-{@code index} over {@code [lo, hi)}:
   * lower is a better place for the step. One common slope, as placing needs the jump's position,
   * not its test, and two free slopes would also fit a drift's bend.
   */
  static double lineAndStepError(double[] values, int lo, int index, int hi) {
    // Time centred on the split and values on their mean keep the normal equations well
    // conditioned at index 5,000 and values of 10^6.
    double center = mean(values, lo, hi);
    double n = hi - lo;
    double st = 0;
    double stt = 0;
    double sty = 0;
    double sd = 0;
    double sdt = 0;
    double sdy = 0;
    for (int i = lo; i < hi; i++) {
      double t = i - index;
      double y = values[i] - center;
      st += t;
      stt += t * t;
      sty += t * y;
      if (i >= index) {
        sd += 1;
        sdt += t;
        sdy += y;
      }
    }
    // The normal equations [n st sd; st stt sdt; sd sdt sd] b = [0 sty sdy] (y sums to 0 here),
    // by cofactors.
    double c00 = stt * sd - sdt * sdt;
    double c01 = -(st * sd - sdt * sd);
    double c02 = st * sdt - stt * sd;
    double c11 = n * sd - sd * sd;
    double c12 = -(n * sdt - st * sd);
    double c22 = n * stt - st * st;
    double det = n * c00 + st * c01 + sd * c02;
    if (!(Math.abs(det) > 0)) {
      return Double.POSITIVE_INFINITY;
    }
    double b0 = (c01 * sty + c02 * sdy) / det;
    double b1 = (c11 * sty + c12 * sdy) / det;
    double b2 = (c12 * sty + c22 * sdy) / det;
    double sse = 0;
    for (int i = lo; i < hi; i++) {
      double t = i - index;
      double r = values[i] - center - (b0 + b1 * t + (i >= index ? b2 : 0));
      sse += r * r;
    }
    return sse;
  }

  /** The lag-1 autocorrelation of the residuals around both lines, pooled; 0 if undefined. */
  private static double lagOneCorrelation(
      double[] values, int lo, int index, Line left, int hi, Line right) {
    double products = 0;
    double squares = 0;
    for (int i = lo; i < hi; i++) {
      double r = values[i] - (i < index ? left : right).at(i);
      squares += r * r;
      if (i + 1 < hi && i + 1 != index) {
        products += r * (values[i + 1] - (i + 1 < index ? left : right).at(i + 1));
      }
    }
    return squares > 0 ? products / squares : 0;
  }

  private static double twoSided(double t, double df) {
    if (Double.isNaN(t)) {
      return 1;
    }
    return Math.min(1, 2 * TDistribution.of(Math.max(df, 1)).survivalProbability(Math.abs(t)));
  }

  private static double mean(double[] values, int lo, int hi) {
    double sum = 0;
    for (int i = lo; i < hi; i++) {
      sum += values[i];
    }
    return sum / (hi - lo);
  }

  private static double floorVariance(double[] stddevs, double floor, int lo, int hi) {
    if (stddevs == null || floor == 0) {
      return 0;
    }
    double sum = 0;
    int count = 0;
    for (int i = lo; i < hi; i++) {
      double s = stddevs[i];
      if (!Double.isNaN(s)) {
        sum += s * s;
        count++;
      }
    }
    return count == 0 ? 0 : floor * floor * sum / count;
  }
}
