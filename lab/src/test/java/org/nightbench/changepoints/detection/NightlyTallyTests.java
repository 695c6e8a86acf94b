package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How the quality study counts what a replay did: a drift as a drift (right where the series
 * drifts, a false alert where it does not, once however often it grows), and a step as suspected
 * only by a suspicion raised on its night or later, the way it went.
 */
class NightlyTallyTests {

  private static final int NIGHTS = 200;

  private static NightlyReplay.Event drift(int night, int first, int last, Integer movedFrom) {
    DetectedChange change =
        new DetectedChange(
            first, 100, 110, 0.1, 1e-6, 3, 1, 0, new DetectedChange.Drift(last, 0.1, 0.001));
    return new NightlyReplay.Event(
        night, NightlyStep.Stage.CONFIRMED, first, movedFrom, null, change, null);
  }

  private static NightlyReplay.Event suspected(int night, int index, double relativeChange) {
    SuspectedChange change =
        new SuspectedChange(index, 1, 100, 100 * (1 + relativeChange), relativeChange, 6, 6, 1, 0);
    return new NightlyReplay.Event(
        night, NightlyStep.Stage.SUSPECTED, index, null, null, null, change);
  }

  /** A drift confirmed on night 120 and grown twice: one drift, not three confirmed alerts. */
  private static NightlyReplay.Result driftThatGrows() {
    return new NightlyReplay.Result(
        List.of(drift(120, 60, 110, null), drift(140, 60, 130, 60), drift(170, 58, 160, 60)),
        List.of(new NightlyStep.Known(1, 58, NightlyStep.Stage.CONFIRMED, 0.1, 160)));
  }

  @Test
  void aDriftFoundWhereTheSeriesDriftsIsNoFalseAlert() {
    NightlyTally tally = new NightlyTally();
    tally.changeFree(driftThatGrows(), NIGHTS, NightlyTally.Machine.NEVER, true);

    assertThat(tally.falseConfirmed()).isZero();
    assertThat(tally.drifts()).isEqualTo(1000.0 / (NIGHTS - SuspicionCheck.MIN_REFERENCE));
  }

  @Test
  void aDriftWhereTheSeriesDoesNotDriftIsOneFalseAlert() {
    NightlyTally tally = new NightlyTally();
    tally.changeFree(driftThatGrows(), NIGHTS, NightlyTally.Machine.NEVER, false);

    assertThat(tally.falseConfirmed()).isEqualTo(1000.0 / (NIGHTS - SuspicionCheck.MIN_REFERENCE));
    assertThat(tally.falseDrifts()).isEqualTo(1);
    assertThat(tally.drifts()).isZero();
  }

  @Test
  void aSuspicionTheOtherWayOnTheStepsNightIsNotIt() {
    NightlyTally tally = new NightlyTally();
    // A step down at 100: a night up suspected on 100 is not it; the drop suspected on 101 is.
    tally.withStep(
        new NightlyReplay.Result(
            List.of(suspected(100, 100, 0.05), suspected(101, 101, -0.1)), List.of()),
        flat(),
        null,
        100,
        -1,
        4,
        NightlyTally.Machine.NEVER,
        false);

    assertThat(tally.firstNight5()).isZero();
    assertThat(tally.within3()).isEqualTo(1);
  }

  @Test
  void aSuspicionRaisedBeforeTheStepsNightIsNotIt() {
    NightlyTally tally = new NightlyTally();
    // A step down at 100, a night down suspected on 99 and nothing after.
    tally.withStep(
        new NightlyReplay.Result(List.of(suspected(99, 99, -0.06)), List.of()),
        flat(),
        null,
        100,
        -1,
        4,
        NightlyTally.Machine.NEVER,
        false);

    assertThat(tally.within3()).isZero();
  }

  private static double[] flat() {
    double[] values = new double[NIGHTS];
    java.util.Arrays.fill(values, 100);
    return values;
  }
}
