package org.nightbench.changepoints.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The recent nights a point is set against leave out the machine's, unless it is the new level. */
class RecentNightsTests {

  private static final double[] NIGHTS = {90, 90, 90, 90, 100, 100, 100, 100, 100, 100};

  @Test
  void aFewMachineNightsAreLeftOut() {
    boolean[] machine = {true, true, true, true, false, false, false, false, false, false};
    assertThat(RecentNights.of(NIGHTS, machine)).containsExactly(100, 100, 100, 100, 100, 100);
  }

  @Test
  void soManyThatTheyAreTheNewLevelAreKept() {
    boolean[] machine = {true, true, true, true, true, false, false, false, false, false};
    assertThat(RecentNights.of(NIGHTS, machine)).containsExactly(NIGHTS);
    assertThat(RecentNights.of(NIGHTS, new boolean[NIGHTS.length])).containsExactly(NIGHTS);
  }

  @Test
  void spellsApartAreNotANewLevel() {
    double[] nights = {100, 110, 110, 100, 100, 100, 110, 110, 110, 100};
    boolean[] machine = {false, true, true, false, false, false, true, true, true, false};
    assertThat(RecentNights.of(nights, machine)).containsExactly(100, 100, 100, 100, 100);
  }
}
