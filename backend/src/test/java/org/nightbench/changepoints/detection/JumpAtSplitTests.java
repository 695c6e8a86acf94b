package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The step test's evidence as the window it sees changes. */
class JumpAtSplitTests {

  @Test
  void theEvidenceFallsSmoothlyAsADriftBecomesEvident() {
    // A 2σ step mid-window on independent nights, with a drift growing from none to 5 standard
    // errors of the slope (about 2σ over the window) in twentieths of one. A gate that let the
    // means decide below 1.5 standard errors and the lines above moved the p-value by 44 orders
    // of magnitude in one such twentieth; the shrunk slope moves it by at most about 7, where the
    // drift passes one standard error.
    SplittableRandom random = new SplittableRandom(11);
    double[] noise = new double[300];
    for (int i = 0; i < noise.length; i++) {
      noise[i] = PlantedSeries.gaussian(random);
    }
    double slopeSe = 1 / Math.sqrt(2 * 150.0 * (150 * 150 - 1) / 12);
    double previous = Double.NaN;
    double largestMove = 0;
    for (int k = 0; k <= 100; k++) {
      double slope = 0.05 * k * slopeSe;
      double[] values = new double[300];
      for (int i = 0; i < values.length; i++) {
        values[i] = 100 + (i >= 150 ? 2 : 0) + slope * i + noise[i];
      }
      JumpAtSplit.Outcome outcome =
          JumpAtSplit.run(values, null, 0, 0, 150, 300, NoiseModel.INDEPENDENT);
      double log = Math.log10(outcome.p());
      if (k > 0) {
        largestMove = Math.max(largestMove, Math.abs(log - previous));
      }
      previous = log;
    }
    assertThat(largestMove).isLessThan(12);
  }
}
