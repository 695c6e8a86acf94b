package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Changes as the pages write them: a real minus sign, and zero spelled one way. */
class ValueFormatTest {

  private final ValueFormat format = new ValueFormat();

  @Test
  void zeroIsWrittenOneWayWhateverItsSign() {
    assertThat(format.change(0.0)).isEqualTo("0.0%");
    assertThat(format.change(-0.0)).isEqualTo("0.0%");
    assertThat(format.change(-0.0004)).isEqualTo("0.0%");
    assertThat(format.change(0.0004)).isEqualTo("0.0%");
  }

  @Test
  void otherChangesCarryTheirSign() {
    assertThat(format.change(-0.073)).isEqualTo("\u22127.3%");
    assertThat(format.change(0.0006)).isEqualTo("+0.1%");
    assertThat(format.change(0.25)).isEqualTo("+25%");
    assertThat(format.change(null)).isEmpty();
  }
}
