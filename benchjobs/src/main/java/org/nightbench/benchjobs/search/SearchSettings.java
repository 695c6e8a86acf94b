package org.nightbench.benchjobs.search;

/**
 * How often each query runs. A run is a series of rounds, each executing every task once in its own
 * seeded order: at least {@code warmup} warm-up rounds, more while round times still move (see
 * {@link WarmupGate}), then {@code repetitions - warmup} measured rounds.
 *
 * @param repetitions rounds per query counting the minimum warm-up, as before adaptive warm-up
 * @param warmup minimum warm-up rounds, dropped
 * @param seed fixes the execution order of every round
 * @param topN hits collected per search, 10 as in luceneutil
 * @param maxWarmupSec cap on warm-up time: the search thread's CPU seconds where the JVM measures
 *     them (and at most twenty times as long in wall time), else wall seconds; 0 turns adaptive
 *     warm-up off (exactly {@code warmup} rounds)
 * @param warmupTolerance relative change of the median round time between two windows below which
 *     warm-up has converged, e.g. 0.02
 * @param warmupWindow rounds per window
 */
public record SearchSettings(
    int repetitions,
    int warmup,
    long seed,
    int topN,
    double maxWarmupSec,
    double warmupTolerance,
    int warmupWindow) {

  /** Rejects settings that would leave no measured round or could never converge. */
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
    if (!(maxWarmupSec >= 0) || Double.isInfinite(maxWarmupSec)) {
      throw new IllegalArgumentException("max-warmup-sec must be >= 0, got " + maxWarmupSec);
    }
    if (!(warmupTolerance > 0)) {
      throw new IllegalArgumentException("warmup-tolerance must be > 0, got " + warmupTolerance);
    }
    if (warmupWindow < 1) {
      throw new IllegalArgumentException("warmup-window must be >= 1, got " + warmupWindow);
    }
  }

  /** Fixed warm-up of exactly {@code warmup} rounds, for callers that time something else. */
  public SearchSettings(int repetitions, int warmup, long seed, int topN) {
    this(repetitions, warmup, seed, topN, 0, 0.02, 5);
  }

  /** Rounds that are timed and reported. */
  public int measuredRounds() {
    return repetitions - warmup;
  }
}
