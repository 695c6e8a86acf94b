package org.nightbench.benchjobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupGateTest {

  private static final long SEC = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  private static WarmupGate gate(int warmup, double maxSec) {
    return new WarmupGate(warmup, 9, maxSec, 0.02, 3);
  }

  /** Rounds of a JVM that reports no compilation time: judged on round times alone. */
  private static WarmupGate.Observed noJit(List<Long> rounds) {
    return new WarmupGate.Observed(rounds, false, rounds, List.of(), List.of());
  }

  /**
   * A JVM whose rounds all take {@code roundMs} and whose JIT compiled {@code jitMs[r]} ms during
   * round r.
   */
  private static WarmupGate.Observed withJit(long roundMs, long... jitMs) {
    List<Long> rounds = new ArrayList<>(Collections.nCopies(jitMs.length, roundMs * MS));
    List<Long> compile = new ArrayList<>(List.of(0L));
    for (long ms : jitMs) {
      compile.add(compile.get(compile.size() - 1) + ms);
    }
    return new WarmupGate.Observed(rounds, false, rounds, compile, List.of());
  }

  private static long[] jit(long... perRound) {
    return perRound;
  }

  @Test
  void fixedWarmupStopsAtTheMinimum() {
    WarmupGate g = gate(4, 0);
    assertThat(g.done(noJit(List.of(9L, 8L, 7L)), 0)).isFalse();
    WarmupGate.Observed four = noJit(List.of(9L, 8L, 7L, 6L));
    assertThat(g.done(four, 0)).isTrue();
    assertThat(g.end(four)).isEqualTo(WarmupGate.End.FIXED);
  }

  @Test
  void adaptiveWarmupWaitsUntilThreeWindowsAgree() {
    WarmupGate g = gate(2, 100);
    List<Long> rounds = new ArrayList<>(List.of(500L, 300L, 200L, 150L, 120L, 110L));
    assertThat(g.done(noJit(rounds), SEC)).isFalse();
    rounds.addAll(List.of(100L, 101L, 99L, 100L, 102L, 98L));
    assertThat(g.done(noJit(rounds), SEC)).isFalse(); // windows 120, 100, 100
    rounds.addAll(List.of(99L, 101L, 100L));
    assertThat(g.done(noJit(rounds), SEC)).isTrue();
    assertThat(g.end(noJit(rounds))).isEqualTo(WarmupGate.End.SETTLED);
  }

  @Test
  void aStepOfTieredCompilationIsNotMistakenForTheEnd() {
    WarmupGate g = gate(0, 100);
    List<Long> plateauThenDrop = List.of(200L, 201L, 199L, 200L, 202L, 198L, 150L, 151L, 149L);
    assertThat(g.done(noJit(plateauThenDrop), SEC)).isFalse();
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
    assertThat(g.done(noJit(rounds), SEC)).isFalse();
    assertThat(g.done(noJit(rounds), 2 * SEC)).isTrue();
    assertThat(g.end(noJit(rounds))).isEqualTo(WarmupGate.End.CAPPED_UNSETTLED);
  }

  @Test
  void settledRoundsDoNotEndWarmupWhileTheJitStillCompiles() {
    WarmupGate g = gate(0, 100);
    // Nine alike rounds of 200 ms (1.8 s), but the JIT compiles 30 ms in every one of them.
    WarmupGate.Observed compiling = withJit(200, jit(30, 30, 30, 30, 30, 30, 30, 30, 30));
    assertThat(g.converged(compiling.judgedNanos())).isTrue();
    assertThat(g.done(compiling, SEC)).isFalse();
    assertThat(g.done(compiling, 100 * SEC)).isTrue();
    assertThat(g.end(compiling)).isEqualTo(WarmupGate.End.CAPPED_COMPILING);
  }

  @Test
  void warmupEndsOnceTheJitHasBeenQuietAndRoundsAgree() {
    WarmupGate g = gate(0, 100);
    // Heavy compilation first, then 9 rounds of 200 ms with 3 ms of compilation in all (< 1 %):
    // within the share, but the JIT has not stood still over the 9 rounds to be measured.
    WarmupGate.Observed quiet = withJit(200, jit(900, 400, 100, 0, 1, 0, 0, 2, 0, 0, 0, 0));
    assertThat(g.done(quiet, SEC)).isFalse();
    WarmupGate.Observed still =
        withJit(200, jit(900, 400, 100, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    assertThat(g.done(still, SEC)).isTrue();
    assertThat(g.end(still)).isEqualTo(WarmupGate.End.COMPILED);
  }

  @Test
  void oneLateCompilationAboveTheShareHoldsWarmupOpen() {
    WarmupGate g = gate(0, 100);
    // 24 rounds of 200 ms: the quiet span is the latest 12 (2.4 s, up to 24 ms of compilation),
    // the still span the latest 9. A 25 ms burst 10 rounds back is too much, 18 ms is not.
    long[] late = new long[24];
    late[0] = 900;
    late[1] = 400;
    late[13] = 25;
    assertThat(g.done(withJit(200, late), SEC)).isFalse();
    late[13] = 18;
    assertThat(g.done(withJit(200, late), SEC)).isTrue();
  }

  @Test
  void aShortQuietSpellBetweenCompilationsIsNotEnough() {
    WarmupGate g = gate(0, 100);
    // Rounds of 10 ms: the last three windows (9 rounds, 90 ms) saw no compilation, but 40 ms
    // before them the JIT was busy; the quiet spell must last a second.
    long[] perRound = new long[60];
    perRound[40] = 50;
    WarmupGate.Observed shortQuiet = withJit(10, perRound);
    assertThat(g.jitIdle(shortQuiet)).isFalse();
    long[] longer = new long[160];
    longer[40] = 50;
    assertThat(g.jitIdle(withJit(10, longer))).isTrue();
  }

  @Test
  void jitIdleButRoundsStillFallingIsRecordedAsUnsettled() {
    WarmupGate g = gate(0, 100);
    List<Long> falling = new ArrayList<>();
    for (int r = 0; r < 12; r++) {
      falling.add((300L - 20L * r) * MS);
    }
    List<Long> compile = new ArrayList<>(Collections.nCopies(13, 0L));
    WarmupGate.Observed seen = new WarmupGate.Observed(falling, false, falling, compile, List.of());
    assertThat(g.jitIdle(seen)).isTrue();
    assertThat(g.done(seen, SEC)).isFalse();
    assertThat(g.end(seen)).isEqualTo(WarmupGate.End.CAPPED_UNSETTLED);
  }

  @Test
  void onABusyMachineTheCapCountsTheSearchThreadsCpuTime() {
    WarmupGate g = gate(0, 2);
    // 20 rounds of 100 ms CPU each (2 s) that took 500 ms of wall time each: a neighbour's load.
    List<Long> cpu = new ArrayList<>(Collections.nCopies(10, 100 * MS));
    List<Long> wall = new ArrayList<>(Collections.nCopies(10, 500 * MS));
    List<Long> compile = new ArrayList<>();
    for (long ms = 0; ms <= 10; ms++) {
      compile.add(ms * 200); // compiling all along
    }
    WarmupGate.Observed halfway = new WarmupGate.Observed(cpu, true, wall, compile, List.of());
    assertThat(g.done(halfway, 5 * SEC)).as("5 s of wall time is only 1 s of CPU").isFalse();
    cpu.addAll(Collections.nCopies(10, 100 * MS));
    wall.addAll(Collections.nCopies(10, 500 * MS));
    for (long ms = 11; ms <= 20; ms++) {
      compile.add(ms * 200);
    }
    WarmupGate.Observed full = new WarmupGate.Observed(cpu, true, wall, compile, List.of());
    assertThat(g.done(full, 10 * SEC)).as("2 s of CPU reach the cap").isTrue();
    assertThat(g.end(full)).isEqualTo(WarmupGate.End.CAPPED_COMPILING);
    // Without CPU times the same wall time is the cap; with them, wall time ends warm-up only at
    // twenty times the cap: a search thread given a tenth of a core still reaches the CPU cap.
    assertThat(g.done(new WarmupGate.Observed(wall, false, wall, compile, List.of()), 2 * SEC))
        .isTrue();
    WarmupGate.Observed starved =
        new WarmupGate.Observed(
            List.of(1L, 1L), true, List.of(SEC, SEC), List.of(0L, 5L, 9L), List.of());
    assertThat(g.done(starved, 8 * SEC)).isFalse();
    assertThat(g.done(starved, 39 * SEC)).isFalse();
    assertThat(g.done(starved, 40 * SEC)).isTrue();
  }

  @Test
  void aStarvedCompilationThatHasNotFinishedHoldsWarmupOpen() {
    WarmupGate g = gate(0, 100);
    // 12 rounds of 200 ms, the compilation counter silent for the last 10 of them: one long C2
    // compilation in progress, whose compiler thread took 10 ms of CPU a round (5 %).
    List<Long> rounds = new ArrayList<>(Collections.nCopies(12, 200 * MS));
    List<Long> compile = new ArrayList<>(List.of(0L, 900L));
    compile.addAll(Collections.nCopies(11, 1300L));
    List<Long> busy = new ArrayList<>();
    List<Long> idle = new ArrayList<>();
    for (long r = 0; r <= 12; r++) {
      busy.add(r * 10 * MS);
      idle.add(Math.min(r, 2) * 100 * MS + Math.max(0, r - 2) * MS);
    }
    assertThat(g.done(new WarmupGate.Observed(rounds, true, rounds, compile, busy), SEC)).isFalse();
    WarmupGate.Observed quiet = new WarmupGate.Observed(rounds, true, rounds, compile, idle);
    assertThat(g.done(quiet, SEC)).isTrue();
    assertThat(g.end(quiet)).isEqualTo(WarmupGate.End.COMPILED);
  }

  @Test
  void aQuietPlateauBetweenTwoWavesOfCompilationMustOutlastWhatCameBefore() {
    WarmupGate g = gate(0, 1000);
    // 100 rounds of 50 ms with 10 ms of compilation each, then silence: 60 silent rounds (3 s)
    // are not enough after 100 busy ones, 100 are.
    long[] plateau = new long[160];
    Arrays.fill(plateau, 0, 100, 10);
    assertThat(g.jitIdle(withJit(50, plateau))).isFalse();
    assertThat(g.done(withJit(50, plateau), SEC)).isFalse();
    long[] longer = new long[200];
    Arrays.fill(longer, 0, 100, 10);
    assertThat(g.jitIdle(withJit(50, longer))).isTrue();
    assertThat(g.end(withJit(50, longer))).isEqualTo(WarmupGate.End.COMPILED);
  }

  @Test
  void theJitMustStandStillOverAsManyRoundsAsAreMeasured() {
    // 40 rounds of 50 ms measured; 200 rounds (10 s) with 0.5 % compilation: within the share.
    WarmupGate g = new WarmupGate(0, 40, 100, 0.02, 3);
    long[] trickle = new long[300];
    Arrays.fill(trickle, 0, 100, 20);
    for (int r = 100; r < 300; r += 20) {
      trickle[r] = 5; // 5 ms every 20 rounds (1 s): 0.5 % of the span
    }
    // The last compilation 19 rounds back: the share passes, but the JIT did not stand still.
    assertThat(g.jitIdle(withJit(50, trickle))).isFalse();
    assertThat(g.done(withJit(50, trickle), SEC)).isFalse();
    // Without the trickle's last three compilations the latest 40 rounds are still: warm.
    long[] still = trickle.clone();
    still[240] = 0;
    still[260] = 0;
    still[280] = 0;
    assertThat(g.jitIdle(withJit(50, still))).isTrue();
    assertThat(g.end(withJit(50, still))).isEqualTo(WarmupGate.End.COMPILED);
    // Fewer measured rounds need a shorter stillness: 9 (three windows of 3) after the last.
    assertThat(gate(0, 100).jitIdle(withJit(50, trickle))).isTrue();
  }
}
