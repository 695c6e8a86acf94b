package org.nightbench.benchjobs.nrt;

import java.util.List;

/**
 * One NRT measurement.
 *
 * @param variant {@code plain}; {@code merging}: a forceMerge(1) runs in the background; {@code
 *     throttled}: the same merge rate-limited to {@code mergeMbPerSec}
 * @param updateRate documents replaced per second, by random existing id
 * @param maxFullFlushMergeWaitMs IndexWriterConfig's full-flush merge wait, or null for Lucene's
 *     default (500 ms in 10.x, 0 before 9.x)
 */
public record NrtSettings(
    String variant,
    double updateRate,
    double reopenIntervalMs,
    int searchThreads,
    double durationSeconds,
    double warmupSeconds,
    double mergeMbPerSec,
    double ramBufferMb,
    long seed,
    Long maxFullFlushMergeWaitMs) {

  public static final List<String> VARIANTS = List.of("plain", "merging", "throttled");

  public NrtSettings {
    if (!VARIANTS.contains(variant)) {
      throw new IllegalArgumentException(
          "unknown NRT variant " + variant + ": use plain, merging or throttled");
    }
    positive("update-rate", updateRate);
    positive("reopen-interval-ms", reopenIntervalMs);
    if (searchThreads < 0) {
      throw new IllegalArgumentException("--search-threads must be >= 0, not " + searchThreads);
    }
    positive("duration-seconds", durationSeconds);
    if (!(warmupSeconds >= 0)) {
      throw new IllegalArgumentException("--warmup-seconds must be >= 0, not " + warmupSeconds);
    }
    positive("merge-mb-per-sec", mergeMbPerSec);
    positive("ram-buffer-mb", ramBufferMb);
    if (maxFullFlushMergeWaitMs != null && maxFullFlushMergeWaitMs < 0) {
      throw new IllegalArgumentException(
          "--max-full-flush-merge-wait-ms must be >= 0, not " + maxFullFlushMergeWaitMs);
    }
  }

  private static void positive(String option, double value) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(
          "--"
              + option
              + " must be > 0, not "
              + (value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value)));
    }
  }
}
