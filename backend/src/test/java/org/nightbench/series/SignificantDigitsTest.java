package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignificantDigitsTest {

  @Test
  void keepsTheAskedDigitsAndPrintsShort() {
    assertThat(SignificantDigits.round(12616.009885533242, 6)).isEqualTo(12616.0);
    assertThat(Double.toString(SignificantDigits.round(95.40130264610006, 3))).isEqualTo("95.4");
    assertThat(SignificantDigits.round(0.000123456789, 6)).isEqualTo(0.000123457);
    assertThat(SignificantDigits.round(3_114_159.7, 6)).isEqualTo(3_114_160.0);
    assertThat(SignificantDigits.round(-42.42424242, 4)).isEqualTo(-42.42);
  }

  @Test
  void leavesZeroNullAndNonFiniteAlone() {
    assertThat(SignificantDigits.round(0.0, 6)).isZero();
    assertThat(SignificantDigits.round((Double) null, 3)).isNull();
    assertThat(SignificantDigits.round(Double.NaN, 6)).isNaN();
    assertThat(SignificantDigits.round(Double.POSITIVE_INFINITY, 6)).isInfinite();
  }
}
