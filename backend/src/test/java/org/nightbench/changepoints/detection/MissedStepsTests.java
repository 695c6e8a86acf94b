package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each missed step lands in the cause that explains it. */
class MissedStepsTests {

  private final MissedSteps missed = new MissedSteps(DetectorSettings.defaults());

  /** 400 nights of 1 % independent noise around 100, with one step of {@code size} σ at 200. */
  private static HeldOutSeries stepOf(double size) {
    SplittableRandom random = new SplittableRandom(17);
    double[] values = new double[400];
    for (int i = 0; i < values.length; i++) {
      values[i] = 100 * (1 + (i >= 200 ? size * 0.01 : 0) + 0.01 * HeldOutSeries.gaussian(random));
    }
    return new HeldOutSeries(
        HeldOutSeries.Noise.WHITE,
        0,
        0.01,
        List.of(new HeldOutSeries.Step(200, size * 0.01, size)),
        List.of(),
        false,
        values,
        null);
  }

  private String causeOf(HeldOutSeries series, List<DetectedChange> detected) {
    missed.add(series, List.of(0), new boolean[] {false}, detected);
    for (int c = 0; c < MissedSteps.CAUSES.length; c++) {
      if (missed.counts[c] == 1) {
        return MissedSteps.CAUSES[c];
      }
    }
    throw new AssertionError("no cause counted: " + missed.summary());
  }

  private static DetectedChange at(int index) {
    return new DetectedChange(index, 100, 105, 0.05, 1e-9, 5, 1, 0);
  }

  @Test
  void aReportSeveralNightsOffIsMislocated() {
    assertThat(causeOf(stepOf(5), List.of(at(206)))).isEqualTo("mislocated");
  }

  @Test
  void aReportFarAwayDoesNotExplainTheMiss() {
    assertThat(causeOf(stepOf(5), List.of(at(300)))).isEqualTo("lost");
  }

  @Test
  void aClearStepNotReportedWasLostInTheSearch() {
    assertThat(causeOf(stepOf(5), List.of())).isEqualTo("lost");
  }

  @Test
  void aStepUnder2SigmaThatTheTestProvesIsHeldBackAsSmall() {
    // 1.5σ with 150 nights a side: t ≈ 13, far past 1e-4, but under the placement rule's 2σ.
    assertThat(causeOf(stepOf(1.5), List.of())).isEqualTo("small");
  }

  @Test
  void aStepTheTestCannotProveEvenWhereItIsIsUnprovable() {
    assertThat(causeOf(stepOf(0.2), List.of())).isEqualTo("unprovable");
  }

  @Test
  void aStepTheDataPutWhereTheTruthSaysIsNotPlacedOff() {
    missed.add(stepOf(5), List.of(0), new boolean[] {true}, List.of());

    assertThat(missed.counted).isEqualTo(1);
    assertThat(missed.placedOff).isZero();
  }

  @Test
  void aStepTheDataPutNightsFromWhereTheTruthSaysIsPlacedOff() {
    HeldOutSeries planted = stepOf(5);
    // The values step at 200, the truth claims 205: told the truth, the data still say 200.
    HeldOutSeries misdated =
        new HeldOutSeries(
            planted.noise(),
            0,
            planted.sigma(),
            List.of(new HeldOutSeries.Step(205, 0.05, 5)),
            List.of(),
            false,
            planted.values(),
            null);

    missed.add(misdated, List.of(0), new boolean[] {true}, List.of());

    assertThat(missed.counted).isEqualTo(1);
    assertThat(missed.placedOff).isEqualTo(1);
  }
}
