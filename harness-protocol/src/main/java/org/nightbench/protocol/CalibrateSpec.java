package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.util.List;
import java.util.Set;

/**
 * Times a fixed CPU and memory workload that does not depend on Lucene, so a box that got slower is
 * told apart from a Lucene that did. A profile's {@code calibration} section binds into it as is.
 *
 * @param rounds measured rounds; the score comes from their median
 * @param warmupRounds rounds run first and dropped
 * @param memoryMb the array the memory part walks at random; must fit the heap
 */
public record CalibrateSpec(Integer rounds, Integer warmupRounds, Integer memoryMb)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "calibration",
          CalibrateSpec.class,
          "org.nightbench.benchjobs.calibration.Calibration",
          120,
          Set.of(),
          false,
          "calibration",
          "calibration",
          "Machine calibration",
          "machine calibration",
          List.of(
              higherIsBetter("score", "units/s"),
              higherIsBetter("cpuScore", "M elements/s"),
              higherIsBetter("memoryScore", "M loads/s"),
              lowerIsBetter("roundCv", "%")));

  /** The task of the calibration's series: it measures the machine, not a query. */
  public static final String TASK = "machine";

  public static final int DEFAULT_ROUNDS = 15;
  public static final int DEFAULT_WARMUP_ROUNDS = 5;
  public static final int DEFAULT_MEMORY_MB = 256;

  public CalibrateSpec {
    rounds = SpecChecks.orDefault(rounds, DEFAULT_ROUNDS);
    warmupRounds = SpecChecks.orDefault(warmupRounds, DEFAULT_WARMUP_ROUNDS);
    memoryMb = SpecChecks.orDefault(memoryMb, DEFAULT_MEMORY_MB);
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1, not " + rounds);
    }
    if (warmupRounds < 0) {
      throw new IllegalArgumentException("--warmup-rounds must be >= 0, not " + warmupRounds);
    }
    if (memoryMb < 1) {
      throw new IllegalArgumentException("--memory-mb must be at least 1, not " + memoryMb);
    }
  }
}
