package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A drift says its span and slope once, in the words every page and the replay use. */
class DriftTextTests {

  @Test
  void aDriftSaysItsNightsAndItsSignedSlopeInPercentANight() {
    assertThat(DriftText.of(130, 0.000592)).isEqualTo("drift over 130 nights, +0.059 %/night");
    assertThat(DriftText.of(40, -0.0012)).isEqualTo("drift over 40 nights, −0.12 %/night");
  }

  @Test
  void aDriftWithoutAKnownSlopeSaysOnlyItsNights() {
    assertThat(DriftText.of(30, null)).isEqualTo("drift over 30 nights");
    assertThat(DriftText.of(30, Double.NaN)).isEqualTo("drift over 30 nights");
  }
}
