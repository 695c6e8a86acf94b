package org.nightbench.benchjobs.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The threaded open-loop step the sweep runs. Its assertions are lower bounds that follow from
 * causality (a sleeping query cannot answer sooner), so a slow machine cannot make them fail.
 */
class OpenLoopStepTest {

  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long DRAIN = TimeUnit.SECONDS.toNanos(10);

  /** {@code n} arrivals every {@code gapMs}, starting at 0. */
  private static long[] evenly(int n, long gapMs) {
    long[] at = new long[n];
    for (int i = 0; i < n; i++) {
      at[i] = i * gapMs * MS;
    }
    return at;
  }

  @Test
  void aStalledQueryShowsAsLatencyOfTheQueriesQueuedBehindIt() throws Exception {
    // One worker, a request every 10 ms; request 3 (due at 30 ms) stalls for 500 ms. Request i
    // (4 <= i <= 43) was due at 10·i ms but cannot start before 530 ms: it waited >= 100 ms.
    long[] arrivals = evenly(100, 10);
    OpenLoopStep.Outcome outcome =
        OpenLoopStep.runThreaded(
            arrivals,
            arrivals.length * 10 * MS,
            i -> {
              if (i == 3) {
                Thread.sleep(500);
              }
            },
            1,
            DRAIN);

    assertThat(outcome.completed()).isEqualTo(100);
    assertThat(outcome.abandoned()).isZero();
    assertThat(outcome.latencies().getTotalCount()).isEqualTo(100);
    // Timing from when the worker took a request would show one slow request; from the intended
    // start, the 40 requests queued behind the stall are slow too.
    long slow = outcome.latencies().getCountBetweenValues(100 * MS, OpenLoopStep.MAX_LATENCY_NANOS);
    assertThat(slow).isGreaterThanOrEqualTo(41);
    assertThat(outcome.latencies().getMaxValue()).isGreaterThanOrEqualTo(499 * MS);
  }

  @Test
  void achievedQpsNeverExceedsWhatTheServerAnswered() throws Exception {
    // 50 requests offered in 0.5 s (100 q/s) to one worker that needs >= 20 ms each: it can answer
    // at most 50 q/s. Its backlog drains after the step; those answers took the extra time too.
    long[] arrivals = evenly(50, 10);
    OpenLoopStep.Outcome outcome =
        OpenLoopStep.runThreaded(arrivals, 500 * MS, i -> Thread.sleep(20), 1, DRAIN);

    assertThat(outcome.completed()).isEqualTo(50);
    assertThat(outcome.seconds()).isGreaterThanOrEqualTo(1.0);
    assertThat(outcome.achievedQps()).isLessThanOrEqualTo(50.0);
  }

  @Test
  void achievedQpsNeverExceedsWhatTheStepOffered() throws Exception {
    // 100 requests in a 1 s step, the last due at 990 ms and answered at once: finishing before the
    // step's end must not turn 100 answers into more than 100 q/s.
    long[] arrivals = evenly(100, 10);
    OpenLoopStep.Outcome outcome = OpenLoopStep.runThreaded(arrivals, 1000 * MS, i -> {}, 2, DRAIN);

    assertThat(outcome.completed()).isEqualTo(100);
    assertThat(outcome.seconds()).isGreaterThanOrEqualTo(1.0);
    assertThat(outcome.achievedQps()).isLessThanOrEqualTo(100.0);
  }

  @Test
  void aThrowingQueryIsCountedAsAnErrorAndItsWorkerGoesOn() throws Exception {
    long[] arrivals = evenly(20, 5);
    ConcurrentHashMap.KeySetView<Integer, Boolean> served = ConcurrentHashMap.newKeySet();
    OpenLoopStep.Outcome outcome =
        OpenLoopStep.runThreaded(
            arrivals,
            100 * MS,
            i -> {
              served.add(i);
              if (i == 5 || i == 7) {
                throw new IllegalStateException("query " + i + " broke");
              }
            },
            1,
            DRAIN);

    assertThat(served).hasSize(20);
    assertThat(outcome.errors()).isEqualTo(2);
    assertThat(outcome.firstError()).contains("query 5 broke");
    assertThat(outcome.completed()).isEqualTo(18);
    assertThat(outcome.abandoned()).isZero();
    // Failed requests are not answers: only the 18 answered ones have a latency.
    assertThat(outcome.latencies().getTotalCount()).isEqualTo(18);
  }

  @Test
  void withoutErrorsThereIsNoFirstError() throws Exception {
    OpenLoopStep.Outcome outcome =
        OpenLoopStep.runThreaded(evenly(5, 1), 5 * MS, i -> {}, 1, DRAIN);

    assertThat(outcome.errors()).isZero();
    assertThat(outcome.firstError()).isNull();
  }

  @Test
  void arrivalsArePoissonAtTheTargetRate() {
    long[] arrivals = OpenLoopStep.arrivals(1000, 10, new SplittableRandom(42));

    assertThat(arrivals.length).isBetween(9_700, 10_300);
    for (int i = 1; i < arrivals.length; i++) {
      assertThat(arrivals[i]).isGreaterThanOrEqualTo(arrivals[i - 1]);
    }
    // Exponential gaps: about 1 - 1/e of them shorter than the mean gap of 1 ms.
    long shorter = 0;
    for (int i = 1; i < arrivals.length; i++) {
      if (arrivals[i] - arrivals[i - 1] < 1_000_000) {
        shorter++;
      }
    }
    assertThat((double) shorter / arrivals.length).isBetween(0.60, 0.66);
  }
}
