package org.nightbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The machines knob: one history per machine, each its own name and seed; bad counts refused. */
class SyntheticHistoryPropertiesTest {

  @Test
  void severalMachinesGetANumberedNameAndASeedEach() {
    SyntheticHistoryProperties three = settings(3);
    assertThat(three.perMachine())
        .extracting(SyntheticHistoryProperties::machine)
        .containsExactly("synthetic-1", "synthetic-2", "synthetic-3");
    assertThat(three.perMachine())
        .extracting(SyntheticHistoryProperties::seed)
        .doesNotHaveDuplicates();
    assertThat(three.perMachine()).allSatisfy(one -> assertThat(one.machines()).isEqualTo(1));
    assertThat(settings(1).perMachine()).containsExactly(settings(1));
  }

  @Test
  void aMachineCountOutOfRangeIsRefused() {
    assertThatThrownBy(() -> settings(0))
        .hasMessage("nightbench.synthetic.machines must be between 1 and 100, not 0");
    assertThatThrownBy(() -> settings(101)).hasMessageContaining("not 101");
  }

  private static SyntheticHistoryProperties settings(int machines) {
    return new SyntheticHistoryProperties(
        10, 5, 5, "synthetic", LocalDate.of(2026, 1, 31), 7, false, machines, true);
  }
}
