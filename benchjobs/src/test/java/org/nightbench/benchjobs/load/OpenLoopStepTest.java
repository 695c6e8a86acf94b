package org.nightbench.benchjobs.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OpenLoopStepTest {

  /** A clock that only moves when the service works or the client waits. */
  static final class FakeClock implements OpenLoopStep.Clock {
    long now;

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void sleepUntil(long nanoTime) {
      now = Math.max(now, nanoTime);
    }
  }

  @Test
  void aStalledServerShowsAsQueueingInTheRequestsDueMeanwhile() throws Exception {
    FakeClock clock = new FakeClock();
    long ms = TimeUnit.MILLISECONDS.toNanos(1);
    // One request every 10 ms, each served in 1 ms, except request 3 which stalls for 500 ms.
    long[] arrivals = new long[100];
    for (int i = 0; i < arrivals.length; i++) {
      arrivals[i] = i * 10 * ms;
    }
    long[] latencies = new long[arrivals.length];
    OpenLoopStep.Outcome outcome =
        OpenLoopStep.runInline(
            arrivals,
            i -> {
              clock.now += i == 3 ? 500 * ms : ms;
              latencies[i] = clock.now - arrivals[i];
            },
            clock);

    assertThat(latencies[2]).isEqualTo(ms);
    assertThat(latencies[3]).isEqualTo(500 * ms);
    // Request 4 was due at 40 ms but could only start at 530 ms: it waited 490 ms.
    assertThat(latencies[4]).isEqualTo(491 * ms);
    // Requests kept queueing behind the stall until the backlog drained.
    long queued = java.util.Arrays.stream(latencies).filter(l -> l > 100 * ms).count();
    assertThat(queued).isEqualTo(45);
    // A client timing from the actual start would have seen one slow request; this one sees
    // the queue: the p90 is far above the 1 ms service time.
    assertThat(outcome.latencies().getValueAtPercentile(90)).isGreaterThan(100 * ms);
    assertThat(outcome.completed()).isEqualTo(100);
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
