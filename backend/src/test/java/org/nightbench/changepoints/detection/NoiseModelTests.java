package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The noise model's estimate on seeded noise of known structure. */
class NoiseModelTests {

  private static double[] ar1(int length, double phi, long seed, int stepAt) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[length];
    double state = 0;
    for (int i = 0; i < length; i++) {
      state = phi * state + Math.sqrt(1 - phi * phi) * PlantedSeries.gaussian(random);
      // Steps of 2σ every stepAt nights.
      values[i] = 100 + state + 2 * (i / stepAt);
    }
    return values;
  }

  @Test
  void independentNightsAreIndependent() {
    int independent = 0;
    for (long seed = 1; seed <= 20; seed++) {
      NoiseModel model = NoiseModel.estimate(ar1(500, 0, seed, 1000), 0, 500);
      independent += model.equals(NoiseModel.INDEPENDENT) ? 1 : 0;
      assertThat(model.longRunFactor()).isLessThan(1.6);
    }
    assertThat(independent).isGreaterThanOrEqualTo(17);
  }

  @Test
  void ar1IsMeasured() {
    for (double phi : new double[] {0.5, 0.8}) {
      NoiseModel model = NoiseModel.estimate(ar1(2000, phi, 3, 4000), 0, 2000);
      assertThat(model.serialCorrelation()).isCloseTo(phi, within(0.1));
      double expected = (1 + phi) / (1 - phi);
      assertThat(model.longRunFactor()).isCloseTo(expected, within(0.35 * expected));
    }
  }

  @Test
  void aStepLeftOutDoesNotLookLikePersistence() {
    double[] values = ar1(500, 0, 4, 50);
    assertThat(NoiseModel.estimate(values, 0, 500).longRunFactor()).isGreaterThan(1.5);
    assertThat(
            NoiseModel.estimate(
                values, 0, 500, new int[] {50, 100, 150, 200, 250, 300, 350, 400, 450}))
        .isEqualTo(NoiseModel.INDEPENDENT);
  }

  @Test
  void theQuadraticFormIsTheVarianceOfAWeightedSum() {
    NoiseModel model = new NoiseModel(0.5, 0.6);
    double[] w = {1, -2, 0.5, 3};
    double expected = 0;
    for (int i = 0; i < w.length; i++) {
      for (int j = 0; j < w.length; j++) {
        double r = i == j ? 1 : 0.5 * Math.pow(0.6, Math.abs(i - j));
        expected += w[i] * w[j] * r;
      }
    }
    assertThat(model.quadraticForm(w, w.length)).isCloseTo(expected, within(1e-12));
  }
}
