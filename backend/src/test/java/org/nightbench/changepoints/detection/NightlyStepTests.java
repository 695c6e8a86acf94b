package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * When the nightly step confirms: a step only once it has stood {@link NightlyStep#CONFIRM_AFTER}
 * nights, so a slow spell that outlasts the detector's minimum segment by a night or two is
 * suspected but not confirmed while it lasts, and a lasting step is confirmed where it began.
 */
class NightlyStepTests {

  private final NightlyReplay replay =
      new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));

  /** 140 nights of 1 % noise at 1000, nights [from, to) 4 % slower. */
  private static double[] series(long seed, int from, int to) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[140];
    for (int i = 0; i < values.length; i++) {
      double slow = i >= from && i < to ? 0.96 : 1;
      values[i] = 1000 * slow * (1 + 0.01 * PlantedSeries.gaussian(random));
    }
    return values;
  }

  /**
   * A slow spell of eight nights, a night more than the detector's minimum segment: while it lasts
   * the nights cannot tell it from a step, and it is suspected but not confirmed. Once it has ended
   * the whole dip may be confirmed, both its edges, as the whole-series detector finds it.
   */
  @Test
  void aSlowSpellOfEightNightsIsNotConfirmedWhileItLasts() {
    for (long seed = 1; seed <= 10; seed++) {
      NightlyReplay.Result result =
          replay.replay(series(seed, 100, 108), null, DetectionInputs.none());

      assertThat(result.events())
          .as("seed %d: no confirmation while the spell lasts", seed)
          .noneMatch(e -> e.stage() == NightlyStep.Stage.CONFIRMED && e.night() < 108);
      assertThat(result.events())
          .as("seed %d: suspected the morning after all the same", seed)
          .anyMatch(e -> e.stage() == NightlyStep.Stage.SUSPECTED && e.index() == 100);
    }
  }

  @Test
  void aLastingStepIsConfirmedOnceItHasStoodTenNights() {
    for (long seed = 1; seed <= 10; seed++) {
      NightlyReplay.Result result =
          replay.replay(series(seed, 100, 140), null, DetectionInputs.none());

      NightlyReplay.Event confirmation =
          result.events().stream()
              .filter(e -> e.stage() == NightlyStep.Stage.CONFIRMED)
              .findFirst()
              .orElseThrow();
      assertThat(confirmation.index()).isBetween(98, 102);
      assertThat(confirmation.night() - confirmation.index() + 1)
          .isGreaterThanOrEqualTo(NightlyStep.CONFIRM_AFTER)
          .isLessThan(NightlyStep.CONFIRM_AFTER + 3);
    }
  }
}
