package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Times the first queries on a dropped OS page cache against the same queries warm. A profile's
 * {@code measurements.cold-search} section is this record without the index and tasks, which the
 * run supplies ({@link #on}).
 *
 * @param indexDir the index
 * @param tasks the task file
 * @param queries at most this many queries, the first of each task category
 * @param warmupRounds rounds over the queries warming the JIT before the cache is dropped
 * @param dropCaches the file that drops the page cache when written (tests point it elsewhere)
 */
public record ColdSearchSpec(
    @Required Path indexDir,
    @Required Path tasks,
    Integer queries,
    Integer warmupRounds,
    Path dropCaches)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "cold-search",
          ColdSearchSpec.class,
          "org.nightbench.benchjobs.coldsearch.ColdSearchBenchmark",
          80,
          Set.of(Input.INDEX, Input.TASKS),
          true,
          "coldCache",
          "coldcache",
          "Search on a cold page cache",
          "cold page cache search",
          List.of(
              lowerIsBetter("openMs", "ms"),
              lowerIsBetter("firstQueryMs", "ms"),
              lowerIsBetter("coldQueryMs", "ms"),
              lowerIsBetter("warmQueryMs", "ms")));

  public static final int DEFAULT_QUERIES = 20;
  public static final int DEFAULT_WARMUP_ROUNDS = 20;

  public ColdSearchSpec {
    queries = SpecChecks.orDefault(queries, DEFAULT_QUERIES);
    warmupRounds = SpecChecks.orDefault(warmupRounds, DEFAULT_WARMUP_ROUNDS);
    dropCaches = SpecChecks.orDefault(dropCaches, Path.of("/proc/sys/vm/drop_caches"));
    SpecChecks.atLeast("queries", queries, 1);
    SpecChecks.atLeast("warmup-rounds", warmupRounds, 0);
  }

  /** These queries of {@code taskFile} on {@code index}. */
  public ColdSearchSpec on(Path index, Path taskFile) {
    return new ColdSearchSpec(index, taskFile, queries, warmupRounds, dropCaches);
  }
}
