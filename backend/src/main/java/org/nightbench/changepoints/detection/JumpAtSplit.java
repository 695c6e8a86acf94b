package org.nightbench.changepoints.detection;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The test a candidate step must pass on its window {@code [lo, hi)} split at {@code index}: a line
 * fitted to each side by least squares, and the jump between them at the split must differ from
 * zero. A drift, even one that starts or stops at the split, leaves no jump; a step against an
 * opposite drift does, though the two sides' means hardly differ.
 */
final class JumpAtSplit {

  private JumpAtSplit() {}

  /**
   * What the test saw.
   *
   * @param levelBefore the left line at {@code index}
   * @param levelAfter the right line at {@code index}
   * @param p the jump's two-sided p-value (Student's t), not yet adjusted
   * @param sigma the noise standard deviation the test assumed
   * @param serialCorrelation the lag-1 autocorrelation of the noise the test assumed
   * @param flat whether the means decided uncorrected (no drift in the window): the step is then
   *     placed by the means, too
   */
  record Outcome(
      int index,
      int lo,
      int hi,
      double levelBefore,
      double levelAfter,
      double p,
      double sigma,
      double serialCorrelation,
      boolean flat) {

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
   * Tests a step at {@code index} in {@code values[lo, hi)} under the noise model {@code noise};
   * {@code stddevs} (nullable, NaN for unknown) only floors the residual variance at {@code
   * floor^2} times their mean square.
   *
   * <p>Two estimates of the jump: between the two sides' lines (immune to a drift, but a line's end
   * is four times as uncertain as a mean) and between the two sides' means (four times as precise,
   * but a drift moves it too). Where the lines agree (their jump alone at p below {@value
   * #LINES_AGREE}, same sign), the means' jump is corrected by the window's common slope shrunk
   * towards none: not at all while the slope is within one standard error of 0, fully once the
   * drift is plain, and in between by the evidence for it, with the variance of what a drift could
   * still leave in the jump added. So a step of 1.5σ with 50 nights each side is found, a drift
   * still gives none, and the evidence does not leap between neighbouring windows. Every variance
   * is that of the noise model (the weights' quadratic form over the correlation), and each
   * residual variance is corrected for what the fit absorbs of correlated noise (the trace of hat
   * matrix times correlation).
   */
  static Outcome run(
      double[] values,
      double[] stddevs,
      double floor,
      int lo,
      int index,
      int hi,
      NoiseModel noise) {
    int n = hi - lo;
    Line left = Line.fit(values, lo, index, index);
    Line right = Line.fit(values, index, hi, index);
    double floorVariance = floorVariance(stddevs, floor, lo, hi);
    double[] w = new double[n];

    double linesFree = n - left.hatTrace(noise) - right.hatTrace(noise);
    double meansFree = n - left.meanHatTrace(noise) - right.meanHatTrace(noise);
    double linesVariance =
        Math.max(
            linesFree > 1 ? (left.squaredError + right.squaredError) / linesFree : 0,
            floorVariance);
    double meansVariance =
        Math.max(
            meansFree > 1 ? (left.squaredAroundMean() + right.squaredAroundMean()) / meansFree : 0,
            floorVariance);
    double rho = noise.serialCorrelation();
    // A variance from correlated nights rests on fewer independent ones.
    double dof = Math.max(1, (n - 4) * (1 - rho * rho) / (1 + rho * rho));
    boolean estimable = linesFree > 1 && meansFree > 1;

    for (int i = lo; i < hi; i++) {
      Line side = i < index ? left : right;
      w[i - lo] = (i < index ? -1 : 1) * side.weightAt(i, index);
    }
    double linesJump = right.value - left.value;
    double linesSe = Math.sqrt(linesVariance * noise.quadraticForm(w, n));
    double linesP = estimable ? pValue(linesJump, linesSe, dof) : 1;

    double meansJump = right.mean - left.mean;
    double p = linesP;
    double before = left.value;
    double after = right.value;
    boolean flat = false;
    if (estimable
        && left.count >= MEANS_MIN_SIDE
        && right.count >= MEANS_MIN_SIDE
        && linesP < LINES_AGREE
        && Math.signum(meansJump) == Math.signum(linesJump)) {
      double stt = left.stt + right.stt;
      for (int i = lo; i < hi; i++) {
        w[i - lo] = (i < index ? left : right).centered(i) / stt;
      }
      double slope = stt > 0 ? (left.slope * left.stt + right.slope * right.stt) / stt : 0;
      double slopeVariance = linesVariance * noise.quadraticForm(w, n);
      // The drift the window shows, shrunk by the evidence for it (an empirical-Bayes prior on the
      // slope: its square beyond its variance): none within one standard error, so the means
      // decide, and the common slope's jump as the drift becomes clear. A hard gate instead made
      // p jump by orders of magnitude between neighbouring windows.
      double kept = slope * slope > slopeVariance ? 1 - slopeVariance / (slope * slope) : 0;
      double gap = right.meanT - left.meanT;
      for (int i = lo; i < hi; i++) {
        w[i - lo] =
            (i < index ? -1.0 / left.count : 1.0 / right.count)
                - kept * gap * (i < index ? left : right).centered(i) / stt;
      }
      double jump = meansJump - kept * slope * gap;
      // The jump's own variance, plus what the slope left unremoved may still hold of a drift.
      double variance =
          meansVariance * noise.quadraticForm(w, n) + kept * (1 - kept) * gap * gap * slopeVariance;
      double shrunkP = pValue(jump, Math.sqrt(variance), dof);
      if (shrunkP < linesP && Math.signum(jump) == Math.signum(linesJump)) {
        p = shrunkP;
        before = left.mean + kept * slope * (index - left.meanT);
        after = before + jump;
        flat = kept == 0;
      }
    }
    if (!flat && estimable && linesP < LINES_AGREE) {
      Jump common = commonSlope(left, right, lo, index, hi, w, noise, linesVariance, dof);
      if (common != null
          && common.p() < p
          && Math.signum(common.size()) == Math.signum(linesJump)) {
        p = common.p();
        before = common.before();
        after = common.before() + common.size();
      }
    }
    return new Outcome(index, lo, hi, before, after, p, Math.sqrt(linesVariance), rho, flat);
  }

  /** A jump at the split: its size, the level it left, and its two-sided p-value. */
  private record Jump(double size, double before, double p) {}

  /**
   * The jump under one slope for the whole window, where both sides drift alike (their slopes
   * within {@value #SLOPE_GATE} standard errors of each other), else null: twice as precise as two
   * lines where one side is short, while a drift that starts or stops at the split, a bend, still
   * goes to the lines. {@code w} is scratch space of the window's length.
   */
  private static Jump commonSlope(
      Line left,
      Line right,
      int lo,
      int index,
      int hi,
      double[] w,
      NoiseModel noise,
      double variance,
      double dof) {
    int n = hi - lo;
    double stt = left.stt + right.stt;
    if (!(left.stt > 0 && right.stt > 0)) {
      return null;
    }
    for (int i = lo; i < hi; i++) {
      w[i - lo] = i < index ? left.centered(i) / left.stt : -right.centered(i) / right.stt;
    }
    double bendSe = Math.sqrt(variance * noise.quadraticForm(w, n));
    if (Math.abs(left.slope - right.slope) > SLOPE_GATE * bendSe) {
      return null;
    }
    double slope = (left.slope * left.stt + right.slope * right.stt) / stt;
    double gap = right.meanT - left.meanT;
    for (int i = lo; i < hi; i++) {
      w[i - lo] =
          (i < index ? -1.0 / left.count : 1.0 / right.count)
              - gap * (i < index ? left : right).centered(i) / stt;
    }
    double jump = right.mean - left.mean - slope * gap;
    double se = Math.sqrt(variance * noise.quadraticForm(w, n));
    return new Jump(jump, left.mean + slope * (index - left.meanT), pValue(jump, se, dof));
  }

  /** Both sides' slopes must differ by at most this many standard errors for a common slope. */
  static final double SLOPE_GATE = 1.5;

  /** The lines' jump must be at least this significant for the means to decide... */
  static final double LINES_AGREE = 0.05;

  /**
   * ... and each side must hold this many nights: on fewer, the slope is too uncertain to rule out
   * a drift (the newest nights of a drifting series would look like a step every night).
   */
  static final int MEANS_MIN_SIDE = 15;

  private static double pValue(double jump, double se, double dof) {
    return se > 0 ? twoSided(jump / se, dof) : jump != 0 ? 0 : 1;
  }

  /**
   * A least-squares line through {@code values[lo, hi)}, evaluated at {@code at}.
   *
   * @param varianceFactor the variance of {@code value} in units of the residual variance, for
   *     independent nights
   */
  private record Line(
      int lo,
      int count,
      double meanT,
      double mean,
      double slope,
      double stt,
      double value,
      double varianceFactor,
      double squaredError) {

    static Line fit(double[] values, int lo, int hi, int at) {
      double meanT = (lo + hi - 1) / 2.0;
      double meanY = JumpAtSplit.mean(values, lo, hi);
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
      return new Line(
          lo, hi - lo, meanT, meanY, slope, stt, meanY + slope * (at - meanT), factor, sse);
    }

    /** The line at index {@code i}. */
    double at(int i) {
      return mean + slope * (i - meanT);
    }

    double centered(int i) {
      return i - meanT;
    }

    /** The weight of night {@code i} in the line's value at {@code at}. */
    double weightAt(int i, int at) {
      return 1.0 / count + (stt > 0 ? (at - meanT) * (i - meanT) / stt : 0);
    }

    /** The squared residuals around the side's mean, without its slope. */
    double squaredAroundMean() {
      return squaredError + slope * slope * stt;
    }

    /** The trace of the line fit's hat matrix times the noise's correlation. */
    double hatTrace(NoiseModel noise) {
      return noise.meanTrace(count) + (stt > 0 ? noise.slopeTrace(count) : 0);
    }

    /** The same for the mean alone. */
    double meanHatTrace(NoiseModel noise) {
      return noise.meanTrace(count);
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

  /**
   * The sum of squared residuals of level (+ slope, when {@code slope}) + step-at-{@code index}
   * over {@code [lo, hi)}, after prewhitening values and model alike with {@code phi} ({@code x[i]
   * - phi x[i - 1]}): generalised least squares under AR(1) noise. Where nights persist, ordinary
   * least squares places a step wherever the wander around it happens to fit; in the whitened
   * series a step is a spike of its full size on its first night, which pins it down.
   */
  static double whitenedError(
      double[] values, int lo, int index, int hi, double phi, boolean slope) {
    double center = mean(values, lo, hi);
    int k = slope ? 3 : 2;
    double[][] a = new double[k][k];
    double[] b = new double[k];
    double[] x = new double[k];
    double yy = 0;
    for (int i = lo + 1; i < hi; i++) {
      double y = (values[i] - center) - phi * (values[i - 1] - center);
      x[0] = 1 - phi;
      x[1] = i > index ? 1 - phi : i == index ? 1 : 0;
      if (slope) {
        x[2] = (1 - phi) * (i - index) + phi;
      }
      for (int r = 0; r < k; r++) {
        b[r] += x[r] * y;
        for (int c = 0; c < k; c++) {
          a[r][c] += x[r] * x[c];
        }
      }
      yy += y * y;
    }
    double[] beta = solve(a, b.clone());
    if (beta == null) {
      return Double.POSITIVE_INFINITY;
    }
    double explained = 0;
    for (int r = 0; r < k; r++) {
      explained += beta[r] * b[r];
    }
    return yy - explained;
  }

  /**
   * The solution of {@code a x = b} by Gaussian elimination with partial pivoting, or null when
   * singular; overwrites {@code a} and {@code b}.
   */
  private static double[] solve(double[][] a, double[] b) {
    int n = b.length;
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
          pivot = r;
        }
      }
      if (!(Math.abs(a[pivot][col]) > 1e-12 * (1 + Math.abs(a[0][0])))) {
        return null;
      }
      double[] row = a[col];
      a[col] = a[pivot];
      a[pivot] = row;
      double t = b[col];
      b[col] = b[pivot];
      b[pivot] = t;
      for (int r = col + 1; r < n; r++) {
        double f = a[r][col] / a[col][col];
        for (int c = col; c < n; c++) {
          a[r][c] -= f * a[col][c];
        }
        b[r] -= f * b[col];
      }
    }
    double[] x = new double[n];
    for (int r = n - 1; r >= 0; r--) {
      double sum = b[r];
      for (int c = r + 1; c < n; c++) {
        sum -= a[r][c] * x[c];
      }
      x[r] = sum / a[r][r];
    }
    return x;
  }

  /**
   * The sum of squared residuals around the two means of {@code [lo, index)} and {@code [index,
   * hi)}.
   */
  static double stepError(double[] values, int lo, int index, int hi) {
    return squaresAroundMean(values, lo, index) + squaresAroundMean(values, index, hi);
  }

  private static double squaresAroundMean(double[] values, int lo, int hi) {
    double mean = mean(values, lo, hi);
    double sum = 0;
    for (int i = lo; i < hi; i++) {
      sum += (values[i] - mean) * (values[i] - mean);
    }
    return sum;
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
