package org.nightbench.changepoints.detection;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The test a candidate step must pass on its window {@code [lo, hi)} split at {@code index}: fit
 * level + slope + step by least squares, and the step coefficient must differ from zero. The slope
 * is what tells a step from a slow drift (a drift leaves the step coefficient at zero), and what
 * still finds a step against an opposite drift, where the two sides' means hardly differ.
 */
final class StepTest {

  private StepTest() {}

  /**
   * What the test saw.
   *
   * @param levelBefore the fitted line at {@code index}, without the step
   * @param levelAfter the same with the step
   * @param p the step coefficient's two-sided p-value (Student's t), not yet adjusted
   */
  record Outcome(int index, int lo, int hi, double levelBefore, double levelAfter, double p) {

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
    Fit fit = Fit.separate(values, lo, index, hi);
    double residual = Math.max(fit.residualVariance, floorVariance(stddevs, floor, lo, hi));
    double se = Math.sqrt(residual * fit.stepVarianceFactor);
    double p;
    if (se > 0) {
      p = twoSided(fit.step / se, hi - lo - 4);
    } else {
      p = fit.step != 0 ? 0 : 1;
    }
    return new Outcome(index, lo, hi, fit.level, fit.level + fit.step, p);
  }

  /**
   * The sum of squared residuals of level + slope + step-at-{@code index} over {@code [lo, hi)};
   * lower is a better place for the step.
   */
  static double lineAndStepError(double[] values, int lo, int index, int hi) {
    return Fit.of(values, lo, index, hi).squaredError;
  }

  /** Least squares of level + slope + step over a window. */
  private record Fit(
      double level,
      double step,
      double stepVarianceFactor,
      double squaredError,
      double residualVariance) {

    /** One line on each side; the step is where the right one starts minus where the left ends. */
    static Fit separate(double[] values, int lo, int index, int hi) {
      double[] left = line(values, lo, index, index);
      double[] right = line(values, index, hi, index);
      double sse = left[2] + right[2];
      int df = hi - lo - 4;
      return new Fit(left[0], right[0] - left[0], left[1] + right[1], sse, df > 0 ? sse / df : 0);
    }

    /** {value at {@code at}, its variance factor, residual sum of squares} of a line. */
    private static double[] line(double[] values, int lo, int hi, int at) {
      int n = hi - lo;
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
      double value = meanY + slope * (at - meanT);
      double factor = 1.0 / n + (stt > 0 ? (at - meanT) * (at - meanT) / stt : 0);
      return new double[] {value, factor, sse};
    }

    static Fit of(double[] values, int lo, int index, int hi) {
      // Time centred on the split and values on their mean keep the normal equations well
      // conditioned at index 5,000 and values of 10^6.
      double center = mean(values, lo, hi);
      double n = hi - lo;
      double st = 0;
      double stt = 0;
      double sy = 0;
      double sty = 0;
      double sd = 0;
      double sdt = 0;
      double sdy = 0;
      for (int i = lo; i < hi; i++) {
        double t = i - index;
        double y = values[i] - center;
        st += t;
        stt += t * t;
        sy += y;
        sty += t * y;
        if (i >= index) {
          sd += 1;
          sdt += t;
          sdy += y;
        }
      }
      // The normal equations [n st sd; st stt sdt; sd sdt sd] b = [sy sty sdy], by cofactors.
      double c00 = stt * sd - sdt * sdt;
      double c01 = -(st * sd - sdt * sd);
      double c02 = st * sdt - stt * sd;
      double c11 = n * sd - sd * sd;
      double c12 = -(n * sdt - st * sd);
      double c22 = n * stt - st * st;
      double det = n * c00 + st * c01 + sd * c02;
      if (!(Math.abs(det) > 0)) {
        return new Fit(center, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
      }
      double b0 = (c00 * sy + c01 * sty + c02 * sdy) / det;
      double b1 = (c01 * sy + c11 * sty + c12 * sdy) / det;
      double b2 = (c02 * sy + c12 * sty + c22 * sdy) / det;
      double sse = 0;
      for (int i = lo; i < hi; i++) {
        double t = i - index;
        double r = values[i] - center - (b0 + b1 * t + (i >= index ? b2 : 0));
        sse += r * r;
      }
      double residualVariance = hi - lo > 3 ? sse / (hi - lo - 3) : 0;
      return new Fit(center + b0, b2, c22 / det, sse, residualVariance);
    }
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
