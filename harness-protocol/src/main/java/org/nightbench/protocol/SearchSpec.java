package org.nightbench.protocol;

import java.nio.file.Path;
import java.util.Set;

/**
 * Times a task file against an index: per-category QPS, the warm-up curve and a note per skipped
 * category.
 *
 * @param indexDir the index
 * @param tasks the task file
 * @param repetitions times each query runs
 * @param warmup leading repetitions dropped as warm-up, at least (counted in repetitions)
 * @param seed execution order seed
 * @param topN hits collected per query
 * @param maxWarmupSec keep warming up until the JIT is idle and round times settle, at most this
 *     many seconds of search-thread CPU (20x in wall time); 0: the fixed warm-up only
 * @param warmupTolerance settled when two windows' median round times differ by at most this
 * @param warmupWindow rounds per window
 * @param directory {@code default} (FSDirectory's choice), {@code mmap} or {@code nio}
 * @param taskVectors query vectors of the {@code vector//} tasks' texts, written by embed; null for
 *     none
 * @param dimension the vectors' dimension
 */
public record SearchSpec(
    @Required Path indexDir,
    @Required Path tasks,
    Integer repetitions,
    Integer warmup,
    Long seed,
    Integer topN,
    Double maxWarmupSec,
    Double warmupTolerance,
    Integer warmupWindow,
    String directory,
    Path taskVectors,
    Integer dimension)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "search",
          SearchSpec.class,
          "org.nightbench.benchjobs.search.SearchBenchmark",
          10,
          Set.of(Input.INDEX, Input.TASKS),
          true,
          "search",
          null,
          null,
          "search");

  public static final double DEFAULT_MAX_WARMUP_SEC = 10;

  public SearchSpec {
    repetitions = SpecChecks.orDefault(repetitions, 20);
    warmup = SpecChecks.orDefault(warmup, 5);
    seed = SpecChecks.orDefault(seed, 0L);
    topN = SpecChecks.orDefault(topN, 10);
    maxWarmupSec = SpecChecks.orDefault(maxWarmupSec, DEFAULT_MAX_WARMUP_SEC);
    warmupTolerance = SpecChecks.orDefault(warmupTolerance, 0.02);
    warmupWindow = SpecChecks.orDefault(warmupWindow, 5);
    directory = SpecChecks.orDefault(directory, "default");
    dimension = SpecChecks.orDefault(dimension, KnnSpec.MINILM_DIMENSION);
    SpecChecks.rounds(repetitions, warmup);
    SpecChecks.atLeast("topN", topN, 1);
    SpecChecks.notNegative("max-warmup-sec", maxWarmupSec);
    SpecChecks.positive("warmup-tolerance", warmupTolerance);
    SpecChecks.atLeast("warmup-window", warmupWindow, 1);
  }

  /** The search of a run: the profile's rounds and seed, the rest at the defaults. */
  public static SearchSpec of(
      Path indexDir, Path tasks, int repetitions, int warmup, long seed, Double maxWarmupSec) {
    return new SearchSpec(
        indexDir,
        tasks,
        repetitions,
        warmup,
        seed,
        null,
        maxWarmupSec,
        null,
        null,
        null,
        null,
        null);
  }

  /** The same search reading the index through {@code kind}. */
  public SearchSpec withDirectory(String kind) {
    return new SearchSpec(
        indexDir,
        tasks,
        repetitions,
        warmup,
        seed,
        topN,
        maxWarmupSec,
        warmupTolerance,
        warmupWindow,
        kind,
        taskVectors,
        dimension);
  }

  /** The same search running the {@code vector//} tasks with these query vectors. */
  public SearchSpec withTaskVectors(Path vectors) {
    return new SearchSpec(
        indexDir,
        tasks,
        repetitions,
        warmup,
        seed,
        topN,
        maxWarmupSec,
        warmupTolerance,
        warmupWindow,
        directory,
        vectors,
        dimension);
  }
}
