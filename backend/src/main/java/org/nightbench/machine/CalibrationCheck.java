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
   * @param quiet the machine's recent quiet scores (before-run scores of earlier runs that were not
   *     disturbed, held steady during the run and started on an idle box), any order
   * @param percent the tolerated distance in percent
   * @param minRuns how many quiet scores the baseline needs; with fewer only the move during the
   *     run is judged
   * @return why the run is disturbed, saying how sure (how many runs, how spread), or empty
   */
  public static Optional<String> disturbed(
      double before, Double after, List<Double> quiet, double percent, int minRuns) {
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
    if (quiet.isEmpty() || quiet.size() < minRuns) {
      return Optional.empty();
    }
    double median = median(quiet);
    double spread = spreadPercent(quiet, median);
    // A baseline that scatters widely cannot tell a few percent: the limit widens with it.
    double limit = Math.max(percent, SPREAD_MULTIPLE * spread);
    double off = 100 * (before - median) / median;
    if (Math.abs(off) > limit) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "calibration %s is %+.1f%% from this machine's recent median %s (%d quiet %s,"
                  + " spread ±%.1f%%; limit %.1f%%)",
              score(before),
              off,
              score(median),
              quiet.size(),
              quiet.size() == 1 ? "run" : "runs",
              spread,
              limit));
    }
    return Optional.empty();
  }

  /** A baseline's scores scatter this many times their spread before a move counts. */
  static final double SPREAD_MULTIPLE = 3;

  /** The baseline's relative spread in percent: its median absolute deviation, as a σ. */
  static double spreadPercent(List<Double> values, double median) {
    List<Double> deviations = values.stream().map(v -> Math.abs(v - median)).toList();
    return 100 * 1.4826 * median(deviations) / median;
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
