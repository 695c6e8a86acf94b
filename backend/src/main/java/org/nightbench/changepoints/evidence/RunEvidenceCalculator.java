package org.nightbench.changepoints.evidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Works a run's {@link RunEvidence} out of its series' points, each against the median and spread
 * of its own recent nights: plain code over arrays, the one implementation that detection, the
 * pages and the lab's quality study (on its simulated runs) all call.
 */
public final class RunEvidenceCalculator {

  /** A series with fewer recent nights has no noise to judge a move by. */
  static final int MIN_PREVIOUS = 3;

  /** The spread of the recent nights is floored here: a series is never quieter than this. */
  static final double NOISE_FLOOR = 0.002;

  private RunEvidenceCalculator() {}

  /** The evidence of a run whose series' points are {@code nights}. */
  public static RunEvidence of(List<SeriesNight> nights) {
    String version = null;
    List<Double> controlChanges = new ArrayList<>();
    List<Double> controlNoises = new ArrayList<>();
    int series = 0;
    int worse = 0;
    int better = 0;
    List<Double> changes = new ArrayList<>();
    for (SeriesNight night : nights) {
      if (night.previous().length < MIN_PREVIOUS) {
        continue;
      }
      double level = median(night.previous());
      if (!(level > 0)) {
        continue;
      }
      double change = (night.value() - level) / level;
      double goodness = night.higherIsBetter() ? change : -change;
      double noise = noise(night.previous(), level);
      changes.add(goodness);
      if (night.control()) {
        if (version == null) {
          version = night.task().split(" ", 2)[0];
        }
        controlChanges.add(goodness);
        controlNoises.add(noise);
      } else {
        series++;
        if (RunEvidence.moved(goodness, noise)) {
          if (goodness < 0) {
            worse++;
          } else {
            better++;
          }
        }
      }
    }
    Double runChange = changes.isEmpty() ? null : median(doubles(changes));
    if (controlChanges.isEmpty()) {
      return new RunEvidence(null, 0, null, null, series, worse, better, runChange);
    }
    return new RunEvidence(
        version,
        controlChanges.size(),
        median(doubles(controlChanges)),
        median(doubles(controlNoises)),
        series,
        worse,
        better,
        runChange);
  }

  private static double[] doubles(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The relative spread of the recent nights: their median absolute deviation, as a σ. */
  static double noise(double[] previous, double level) {
    double[] deviations = new double[previous.length];
    for (int i = 0; i < previous.length; i++) {
      deviations[i] = Math.abs(previous[i] - level);
    }
    return Math.max(NOISE_FLOOR, 1.4826 * median(deviations) / level);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
