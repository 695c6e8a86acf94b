package org.nightbench.benchjobs.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sweep's capacity rule. */
class LoadSweepTest {

  @Test
  void capacityIsTheLastPassBeforeTheFirstFailure() {
    // A pass after a failure is a lucky step past capacity, not capacity.
    assertThat(LoadSweep.capacityStep(List.of(true, true, false, true, false))).isEqualTo(1);
    assertThat(LoadSweep.capacityStep(List.of(true, false, true, true))).isZero();
  }

  @Test
  void everyStepPassingMakesTheLastOneTheCapacity() {
    assertThat(LoadSweep.capacityStep(List.of(true, true, true))).isEqualTo(2);
  }

  @Test
  void aFailingFirstStepMeansNoCapacity() {
    assertThat(LoadSweep.capacityStep(List.of(false, true, true))).isEqualTo(-1);
    assertThat(LoadSweep.capacityStep(List.of())).isEqualTo(-1);
  }
}
