package org.nightbench.machine;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Says whether a run's calibration scores put the box, not Lucene, under suspicion: too far from
 * the machine's recent median, or moving too much between before and after the run.
 */
public final class CalibrationCheck {

  private CalibrationCheck() {}

  /**
   * @param before score before the run
   * @param after score after the run; null when that step did not run
   * @param recent the machine's recent scores (before-run scores of earlier runs), any order
   * @param percent the tolerated distance in percent
   * @return why the run is disturbed, or empty
   */
  public static Optional<String> disturbed(
      double before, Double after, List<Double> recent, double percent) {
    if (after != null) {
      double drift = 100 * (after - before) / before;
      if (Math.abs(drift) > percent) {
        return Optional.of(
            String.format(
                Locale.ROOT,
                "calibration moved %+.1f%% during the run (%s before, %s after; limit %.1f%%)",
                drift,
                score(before),
                score(after),
                percent));
      }
    }
    if (recent.isEmpty()) {
      return Optional.empty();
    }
    double median = median(recent);
    double off = 100 * (before - median) / median;
    if (Math.abs(off) > percent) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "calibration %s is %+.1f%% from this machine's recent median %s (%d runs;"
                  + " limit %.1f%%)",
              score(before),
              off,
              score(median),
              recent.size(),
              percent));
    }
    return Optional.empty();
  }

  /** Four significant digits, no trailing zeros: scores are only that precise. */
  private static String score(double value) {
    return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }

  static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
