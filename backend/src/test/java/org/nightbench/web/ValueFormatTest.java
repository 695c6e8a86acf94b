package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Changes as the pages write them: a real minus sign, and zero spelled one way; a σ to two
 * significant digits.
 */
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

  @Test
  void aSigmaHasTwoSignificantDigits() {
    assertThat(format.sigma(12.3456)).isEqualTo("12");
    assertThat(format.sigma(1.2345)).isEqualTo("1.2");
    assertThat(format.sigma(0.012345)).isEqualTo("0.012");
    assertThat(format.sigma(1234.5)).isEqualTo("1,200");
    assertThat(format.sigma(2.0)).isEqualTo("2");
    assertThat(format.sigma(null)).isEmpty();
  }
}
