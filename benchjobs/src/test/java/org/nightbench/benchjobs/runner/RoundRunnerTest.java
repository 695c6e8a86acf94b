package org.nightbench.benchjobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundRunnerTest {

  /** A round of real work whose result the test keeps, so the JIT cannot drop it. */
  private static long work(int round) {
    long h = round;
    for (int i = 0; i < 20_000; i++) {
      h = h * 31 + (h >>> 7) + i;
    }
    return h;
  }

  @Test
  void aFixedGateRunsTheWarmupRoundsThenKeepsEachMeasuredRoundOnce() throws Exception {
    List<Integer> ran = new ArrayList<>();
    List<Integer> kept = new ArrayList<>();
    List<Integer> keptRound = new ArrayList<>();
    long[] sink = {0};
    RoundRunner.Warmup warmup =
        RoundRunner.fixed(
            3,
            5,
            () -> {
              ran.add(ran.size());
              sink[0] += work(ran.size());
            },
            r -> {
              kept.add(r);
              keptRound.add(ran.size() - 1);
            });
    assertThat(ran).hasSize(8);
    assertThat(kept).containsExactly(0, 1, 2, 3, 4);
    assertThat(keptRound).as("the round just run").containsExactly(3, 4, 5, 6, 7);
    assertThat(warmup.rounds()).isEqualTo(3);
    assertThat(warmup.end()).isEqualTo(WarmupGate.End.FIXED);
    assertThat(warmup.restarts()).isZero();
    assertThat(sink[0]).isNotEqualTo(42);
  }

  @Test
  void anAdaptiveGateWarmsUpAtLeastTheMinimumAndLogsEveryRound() throws Exception {
    RoundLog log = RoundLog.start();
    long[] sink = {0};
    int[] round = {0};
    List<Integer> kept = new ArrayList<>();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RoundRunner.Warmup warmup =
        RoundRunner.run(
            new WarmupGate(10, 20, 0.3, 0.02, 5),
            log,
            RoundRunner.timed(log, () -> sink[0] += work(round[0]++)),
            kept::add,
            "test",
            new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(warmup.rounds()).isGreaterThanOrEqualTo(10);
    // The last 20 rounds kept are the measured ones, in order; any before them were measured and
    // dropped when a compilation finished meanwhile.
    assertThat(kept.subList(kept.size() - 20, kept.size()))
        .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 20).boxed().toList());
    assertThat(kept.size() > 20).isEqualTo(warmup.restarts() > 0);
    // Dropped measured rounds count as warm-up: every round run is one or the other.
    assertThat(log.rounds()).isEqualTo(warmup.rounds() + 20);
    assertThat(log.roundNanos()).allMatch(n -> n > 0);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("test: warm-up " + warmup.rounds() + " rounds");
    assertThat(sink[0]).isNotEqualTo(42);
  }
}
