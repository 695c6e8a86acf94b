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

  /**
   * A wild night up, withdrawn the next morning, and a lasting drop two nights after it: the drop
   * is a change of its own, suspected the morning it lands (not taken for the wild night again),
   * and confirmed as itself, not on the wild night's alert (whose triage would go with it).
   */
  @Test
  void aDropTwoNightsAfterAWildNightUpIsSuspectedOnItsFirstNight() {
    for (long seed = 1; seed <= 10; seed++) {
      // A drop of 6 %, 6σ of the 1 % noise: beyond the one-night threshold on its first night.
      double[] values = series(seed, 102, 140);
      for (int i = 102; i < values.length; i++) {
        values[i] *= 0.98;
      }
      values[100] *= 1.06;
      NightlyReplay.Result result = replay.replay(values, null, DetectionInputs.none());

      assertThat(result.events())
          .as("seed %d: the wild night suspected up, then withdrawn", seed)
          .anyMatch(
              e ->
                  e.stage() == NightlyStep.Stage.WITHDRAWN && e.index() == 100 && e.night() == 101);
      assertThat(result.events())
          .as("seed %d: the drop suspected on its first night", seed)
          .anyMatch(
              e ->
                  e.stage() == NightlyStep.Stage.SUSPECTED
                      && e.index() == 102
                      && e.night() == 102
                      && e.suspected().relativeChange() < 0);
      assertThat(result.events())
          .as("seed %d: the drop confirmed as itself", seed)
          .anyMatch(
              e ->
                  e.stage() == NightlyStep.Stage.CONFIRMED
                      && Math.abs(e.index() - 102) <= 1
                      && (e.movedFrom() == null || e.movedFrom() != 100));
    }
  }
}
