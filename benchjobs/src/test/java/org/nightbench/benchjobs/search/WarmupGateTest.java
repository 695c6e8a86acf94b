package org.nightbench.benchjobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupGateTest {

  private static final long SEC = 1_000_000_000L;

  private static WarmupGate gate(int warmup, double maxSec) {
    return new WarmupGate(new SearchSettings(100, warmup, 0, 10, maxSec, 0.02, 3));
  }

  @Test
  void fixedWarmupStopsAtTheMinimum() {
    WarmupGate g = gate(4, 0);
    assertThat(g.done(List.of(9L, 8L, 7L), 0)).isFalse();
    assertThat(g.done(List.of(9L, 8L, 7L, 6L), 0)).isTrue();
  }

  @Test
  void adaptiveWarmupWaitsUntilTwoWindowsAgree() {
    WarmupGate g = gate(2, 100);
    List<Long> rounds = new ArrayList<>(List.of(500L, 300L, 200L, 150L, 120L, 110L));
    assertThat(g.done(rounds, SEC)).isFalse();
    rounds.addAll(List.of(100L, 101L, 99L, 100L, 102L, 98L));
    assertThat(g.done(rounds, SEC)).isFalse(); // windows 120, 100, 100
    rounds.addAll(List.of(99L, 101L, 100L));
    assertThat(g.done(rounds, SEC)).isTrue();
  }

  @Test
  void aStepOfTieredCompilationIsNotMistakenForTheEnd() {
    WarmupGate g = gate(0, 100);
    List<Long> plateauThenDrop = List.of(200L, 201L, 199L, 200L, 202L, 198L, 150L, 151L, 149L);
    assertThat(g.done(plateauThenDrop, SEC)).isFalse();
  }

  @Test
  void oneOutlierDoesNotHoldWarmupOpen() {
    assertThat(gate(0, 100).converged(List.of(100L, 100L, 100L, 100L, 900L, 101L, 100L, 99L, 100L)))
        .isTrue();
  }

  @Test
  void theCapEndsWarmupThatNeverSettles() {
    WarmupGate g = gate(0, 2);
    List<Long> rounds = List.of(100L, 200L, 100L, 200L, 300L, 400L, 100L, 300L, 200L);
    assertThat(g.done(rounds, SEC)).isFalse();
    assertThat(g.done(rounds, 2 * SEC)).isTrue();
  }
}
