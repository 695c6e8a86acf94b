package org.nightbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationCheckTest {

  private static final List<Double> RECENT = List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0);

  @Test
  void aScoreNearTheMachinesRecentMedianIsNotDisturbed() {
    assertThat(CalibrationCheck.disturbed(1030, 1020.0, RECENT, 5)).isEmpty();
    assertThat(CalibrationCheck.disturbed(1030, null, List.of(), 5)).isEmpty();
  }

  @Test
  void aScoreFarFromTheRecentMedianIsDisturbedWithTheNumbers() {
    assertThat(CalibrationCheck.disturbed(900, 905.0, RECENT, 5))
        .contains(
            "calibration 900 is -10.0% from this machine's recent median 1000 (5 runs; limit"
                + " 5.0%)");
  }

  @Test
  void aBoxThatMovedDuringTheRunIsDisturbedEvenWithoutHistory() {
    assertThat(CalibrationCheck.disturbed(1000, 880.0, List.of(), 5))
        .contains("calibration moved -12.0% during the run (1000 before, 880 after; limit 5.0%)");
  }
}
