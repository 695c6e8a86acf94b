package org.nightbench.benchjobs.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The sweep's rules: when a step passes, and which step is the capacity. */
class LoadSweepTest {

  /** An outcome of 100 answers of {@code latencyMs} each, over one second. */
  private static OpenLoopStep.Outcome outcome(long latencyMs, int errors, int abandoned) {
    Histogram latencies = new Histogram(OpenLoopStep.MAX_LATENCY_NANOS, 3);
    latencies.recordValueWithCount(TimeUnit.MILLISECONDS.toNanos(latencyMs), 100);
    return new OpenLoopStep.Outcome(
        latencies, 100, errors, errors > 0 ? "boom" : null, abandoned, 1.0);
  }

  @Test
  void aStepPassesWithP99WithinTheLimitAndNothingLostOrFailed() {
    assertThat(LoadSweep.passes(outcome(5, 0, 0), 10)).isTrue();
    assertThat(LoadSweep.passes(outcome(20, 0, 0), 10)).isFalse();
    assertThat(LoadSweep.passes(outcome(5, 0, 1), 10)).isFalse();
  }

  @Test
  void aStepWithFailedQueriesDoesNotPassHoweverFastTheRestWere() {
    assertThat(LoadSweep.passes(outcome(1, 1, 0), 10)).isFalse();
  }

  @Test
  void capacityIsTheLastPassBeforeTheFirstFailure() {
    // A pass after a failure is a lucky step past capacity, not capacity.
    assertThat(LoadSweep.capacityStep(List.of(true, true, false, true, false))).isEqualTo(1);
    assertThat(LoadSweep.capacityStep(List.of(true, false, true, true))).isZero();
  }

  @Test
  void everyStepPassingMakesTheLastOneTheCapacity() {
    assertThat(LoadSweep.capacityStep(List.of(true, true, true))).isEqualTo(2);
  }

  @Test
  void aFailingFirstStepMeansNoCapacity() {
    assertThat(LoadSweep.capacityStep(List.of(false, true, true))).isEqualTo(-1);
    assertThat(LoadSweep.capacityStep(List.of())).isEqualTo(-1);
  }
}
