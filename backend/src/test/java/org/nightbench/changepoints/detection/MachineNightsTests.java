package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which machine nights a history of 20 nights leaves out. */
class MachineNightsTests {

  @Test
  void aSpellIsLeftOutOnlyOnceANightAfterItIsNotTheMachines() {
    assertThat(MachineNights.leftOut(Set.of(17, 18, 19), 20)).as("running at the newest").isEmpty();
    assertThat(MachineNights.leftOut(Set.of(16, 17, 18), 20)).containsExactlyInAnyOrder(16, 17, 18);
    assertThat(MachineNights.leftOut(Set.of(3, 10, 11, 19), 20))
        .as("two spells over, one running")
        .containsExactlyInAnyOrder(3, 10, 11);
  }

  @Test
  void aSpellOfLastingLengthIsTheMachinesNewLevelAndStaysIn() {
    assertThat(MachineNights.leftOut(Set.of(10, 11, 12, 13, 14), 20)).isEmpty();
    assertThat(MachineNights.leftOut(Set.of(10, 11, 12, 13), 20))
        .hasSize(MachineNights.LASTING - 1);
  }

  @Test
  void theInputsKeepTheEditorsExcludedNights() {
    DetectionInputs inputs = DetectionInputs.none().withExcluded(Set.of(2));
    assertThat(MachineNights.apply(inputs, Set.of(5), 20).excluded())
        .containsExactlyInAnyOrder(2, 5);
    assertThat(MachineNights.apply(inputs, Set.of(), 20)).isSameAs(inputs);
  }
}
