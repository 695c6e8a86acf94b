package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LettersTest {

  @Test
  void countLikeSpreadsheetColumns() {
    assertThat(Letters.of(0)).isEqualTo("A");
    assertThat(Letters.of(25)).isEqualTo("Z");
    assertThat(Letters.of(26)).isEqualTo("AA");
    assertThat(Letters.of(27)).isEqualTo("AB");
    assertThat(Letters.of(26 + 26 * 26)).isEqualTo("AAA");
  }
}
