package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Quality floors on fixed seeds of the held-out generator ({@link HeldOutSeries}), which the
 * detector was not tuned on (tuning used seeds 1 and 2; scripts/detector-quality.sh reports seed
 * 20261124): a change that makes the detector noisier on correlated or two-level noise, or blinder
 * to steps, fails the build. Deterministic (fixed seeds, no timing); each floor sits a little below
 * what these seeds give, so it guards without flapping.
 */
class DetectorQualityFloorTests {

  private static final long SEED = 77_001L;

  private final ChangePointDetector detector = new ChangePointDetector(DetectorSettings.defaults());

  private double alarmedShare(HeldOutSeries.Noise noise, double phi, int count) {
    HeldOutQuality.Model model = new HeldOutQuality.Model(noise + " " + phi, noise, phi, false);
    return (double) HeldOutQuality.falseAlarms(detector, model, SEED, count)[0] / count;
  }

  @Test
  void independentNoiseRaisesNoAlarm() {
    assertThat(alarmedShare(HeldOutSeries.Noise.WHITE, 0, 60)).isZero();
  }

  @Test
  void serialCorrelationRaisesFewAlarms() {
    // Seed 77001: 0 of 100 at both (targets 3 % and 10 %).
    assertThat(alarmedShare(HeldOutSeries.Noise.AR1, 0.5, 100)).isLessThanOrEqualTo(0.01);
    assertThat(alarmedShare(HeldOutSeries.Noise.AR1, 0.8, 100)).isLessThanOrEqualTo(0.03);
  }

  @Test
  void twoLevelNoiseRaisesFewAlarms() {
    // Seed 77001: 0 of 60 each (target 5 %).
    assertThat(alarmedShare(HeldOutSeries.Noise.TWO_LEVEL, 0, 60)).isLessThanOrEqualTo(0.02);
    assertThat(alarmedShare(HeldOutSeries.Noise.TWO_LEVEL_SPELLS, 0, 60)).isLessThanOrEqualTo(0.02);
  }

  @Test
  void plantedStepsAreFoundWhereTheyAre() {
    HeldOutQuality.Score score = HeldOutQuality.score(detector, HeldOutSeries.withSteps(SEED, 280));

    assertThat(score.precision()).isGreaterThanOrEqualTo(PRECISION);
    assertThat(score.recall(3)).as("recall of steps >= 3σ").isGreaterThanOrEqualTo(RECALL_3);
    assertThat(score.recall(2)).as("recall of steps of 2-3σ").isGreaterThanOrEqualTo(RECALL_2);
    assertThat(score.recall(1)).as("recall of steps of 1-2σ").isGreaterThanOrEqualTo(RECALL_1);
  }

  // Seed 77001 gives precision 0.981, recall 0.984 / 0.959 / 0.620 (≥3σ, 2-3σ, 1-2σ) since steps
  // are reported in the middle of their likeliest nights; 0.978 and 0.974 / 0.918 / 0.565 before
  // (the 2-3σ floor fails there), and 0.947 and 0.977 / 0.867 / 0.648 before steps under 2σ that
  // cannot be placed within a few nights were held back.
  static final double PRECISION = 0.97;
  static final double RECALL_3 = 0.97;
  static final double RECALL_2 = 0.94;
  static final double RECALL_1 = 0.59;
}
