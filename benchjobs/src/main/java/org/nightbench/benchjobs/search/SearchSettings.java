package org.nightbench.benchjobs.search;

/**
 * How often each query runs.
 *
 * @param repetitions timed runs per query, warm-up included
 * @param warmup leading runs of each query that are dropped
 * @param seed fixes the interleaved execution order
 * @param topN hits collected per search, 10 as in luceneutil
 */
public record SearchSettings(int repetitions, int warmup, long seed, int topN) {

  /** Rejects settings that would leave no measured run. */
  public SearchSettings {
    if (repetitions < 1) {
      throw new IllegalArgumentException("repetitions must be >= 1, got " + repetitions);
    }
    if (warmup < 0 || warmup >= repetitions) {
      throw new IllegalArgumentException(
          "warmup must be >= 0 and < repetitions (" + repetitions + "), got " + warmup);
    }
    if (topN < 1) {
      throw new IllegalArgumentException("topN must be >= 1, got " + topN);
    }
  }
}
