package org.nightbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationCheckTest {

  private static final List<Double> RECENT = List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0);

  @Test
  void aScoreNearTheMachinesRecentMedianIsNotDisturbed() {
    assertThat(CalibrationCheck.disturbed(1030, 1020.0, RECENT, 5, 3)).isEmpty();
    assertThat(CalibrationCheck.disturbed(1030, null, List.of(), 5, 3)).isEmpty();
  }

  @Test
  void aScoreFarFromTheRecentMedianIsDisturbedSayingHowSure() {
    assertThat(CalibrationCheck.disturbed(900, 905.0, RECENT, 5, 3))
        .contains(
            "calibration 900 is -10.0% from this machine's recent median 1000 (5 quiet runs,"
                + " spread ±0.7%; limit 5.0%)");
  }

  @Test
  void aBoxThatMovedDuringTheRunIsDisturbedEvenWithoutHistory() {
    assertThat(CalibrationCheck.disturbed(1000, 880.0, List.of(), 5, 3))
        .contains("calibration moved -12.0% during the run (1000 before, 880 after; limit 5.0%)");
  }

  /**
   * The first start on a busy box: a backfill run at load ~2 scored 12.11 and was the only quiet
   * run; the next, on an idle box, scored +29 % above it. One run is no baseline: not judged.
   */
  @Test
  void tooFewQuietRunsJudgeOnlyTheMoveDuringTheRun() {
    assertThat(CalibrationCheck.disturbed(15.62, 15.7, List.of(12.11), 5, 3)).isEmpty();
    assertThat(CalibrationCheck.disturbed(15.62, 15.7, List.of(12.11, 12.3), 5, 3)).isEmpty();
    assertThat(CalibrationCheck.disturbed(15.62, 15.7, List.of(12.11, 12.3, 12.2), 5, 3))
        .hasValueSatisfying(reason -> assertThat(reason).contains("(3 quiet runs, spread ±"));
  }

  @Test
  void aBaselineThatScattersWidelyWidensTheLimit() {
    // Calibrations of −32 % … +56 % around 12: a 20 % move says nothing against them.
    List<Double> scattered = List.of(8.2, 12.0, 18.7, 9.5, 15.1, 11.0);
    assertThat(CalibrationCheck.disturbed(14.0, 14.1, scattered, 5, 3)).isEmpty();
  }
}
