package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Floors for the morning-after suspicion ({@link SuspicionCheck}) on fixed seeds, replayed night by
 * night as in {@link SuspicionQuality}: a change that makes it slower to suspect a step, or quicker
 * to suspect noise, fails the build. Deterministic (fixed seeds, no timing); each floor sits a
 * little below what seed 77001 gives.
 */
class SuspicionQualityFloorTests {

  private static final long SEED = 77_001L;

  private final SuspicionCheck check = new SuspicionCheck();

  @Test
  void largeStepsAreSuspectedTheMorningAfter() {
    SuspicionQuality.Rates heldOut =
        SuspicionQuality.rates(check, SuspicionQuality.steps(HeldOutSeries.withSteps(SEED, 300)));
    SuspicionQuality.Rates planted =
        SuspicionQuality.rates(
            check, SuspicionQuality.plantedSteps(PlantedSeries.mix(SEED, 300, 200, 1500)));

    // Seed 77001: held-out 0.939 of 99 steps >= 5σ on their first night, 0.941 of 323 >= 3σ within
    // 3 nights; planted 0.988 of 81 and 0.957 of 162.
    assertThat(heldOut.firstNight5())
        .as("held-out, >=5σ, first night")
        .isGreaterThanOrEqualTo(0.92);
    assertThat(heldOut.within3Nights3())
        .as("held-out, >=3σ, 3 nights")
        .isGreaterThanOrEqualTo(0.93);
    assertThat(planted.firstNight5()).as("planted, >=5σ, first night").isGreaterThanOrEqualTo(0.97);
    assertThat(planted.within3Nights3()).as("planted, >=3σ, 3 nights").isGreaterThanOrEqualTo(0.95);
  }

  /** Suspected changes per 1,000 change-free series-nights of a noise model. */
  private double perThousand(HeldOutSeries.Noise noise, double phi) {
    HeldOutQuality.Model model = new HeldOutQuality.Model(noise + " " + phi, noise, phi, false);
    long[] replay = SuspicionQuality.falseSuspicions(check, model, SEED, 20);
    return 1000.0 * replay[0] / replay[1];
  }

  @Test
  void noiseIsRarelySuspected() {
    // Seed 77001, 20 series of 500 nights each: independent 0.94, AR(1) 0.83, 1.04 and 0.83 per
    // 1,000 series-nights (φ = 0.3, 0.5, 0.8). Before the probe saw the lag-1 correlation that
    // the variogram model misses, AR(1) φ = 0.8 gave 1.25.
    assertThat(perThousand(HeldOutSeries.Noise.WHITE, 0)).isLessThanOrEqualTo(1.2);
    assertThat(perThousand(HeldOutSeries.Noise.AR1, 0.3)).isLessThanOrEqualTo(1.2);
    assertThat(perThousand(HeldOutSeries.Noise.AR1, 0.5)).isLessThanOrEqualTo(1.2);
    assertThat(perThousand(HeldOutSeries.Noise.AR1, 0.8)).isLessThanOrEqualTo(1.2);
  }
}
