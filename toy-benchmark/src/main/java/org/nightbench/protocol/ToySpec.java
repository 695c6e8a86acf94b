package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The toy benchmark of docs/reference/add-a-benchmark.md, followed literally: its definition and
 * its spec in one file, found on the class path with no list naming it. It lives in the toy's own
 * module, in the package the contract's records live in, so only the toy's test sees it. It times
 * counting the documents of the index the queries read.
 *
 * @param indexDir the index; the run supplies it ({@link Input#INDEX})
 * @param rounds measured rounds
 * @param warmupRounds rounds run first and dropped
 * @param seed the run's task seed, unless the profile pins one
 */
public record ToySpec(@Required Path indexDir, Integer rounds, Integer warmupRounds, Long seed)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "toy",
          ToySpec.class,
          "org.nightbench.benchjobs.toy.ToyBenchmark",
          1000,
          Set.of(Input.INDEX),
          true,
          "toy",
          "toy",
          "Toy timings",
          "toy timings",
          List.of(lowerIsBetter("countMs", "ms")));

  public static final int DEFAULT_ROUNDS = 20;

  public ToySpec {
    rounds = SpecChecks.orDefault(rounds, DEFAULT_ROUNDS);
    warmupRounds = SpecChecks.orDefault(warmupRounds, 0);
    SpecChecks.atLeast("rounds", rounds, 1);
    SpecChecks.atLeast("warmup-rounds", warmupRounds, 0);
  }
}
