package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Times near-real-time reopens on a copy of a built index while documents are replaced at a fixed
 * rate and searches run.
 *
 * @param variant {@code plain}, {@code merging} (a large forced merge in the background) or {@code
 *     throttled} (the same, merge I/O rate-limited)
 * @param indexDir the index, left as is
 * @param workDir where the copy goes
 * @param corpus the documents replaced
 * @param tasks queries for the search threads; null when there are none
 * @param updateRate documents replaced per second
 * @param reopenIntervalMs time between reopens
 * @param searchThreads threads searching meanwhile
 * @param durationSeconds measured time
 * @param warmupSeconds time before measuring
 * @param mergeMbPerSec the throttled variant's merge rate limit
 * @param ramBufferMb IndexWriter RAM buffer
 * @param seed update and query order seed
 * @param maxFullFlushMergeWaitMs IndexWriterConfig's full-flush merge wait; null keeps Lucene's
 */
public record NrtSpec(
    String variant,
    @Required Path indexDir,
    @Required Path workDir,
    @Required Path corpus,
    Path tasks,
    Double updateRate,
    Double reopenIntervalMs,
    Integer searchThreads,
    Double durationSeconds,
    Double warmupSeconds,
    Double mergeMbPerSec,
    Double ramBufferMb,
    Long seed,
    Long maxFullFlushMergeWaitMs)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "nrt",
          NrtSpec.class,
          "org.nightbench.benchjobs.nrt.NrtBenchmark",
          40,
          Set.of(Input.INDEX, Input.TASKS, Input.CORPUS),
          true,
          "nrt",
          "nrt",
          "NRT reopen",
          "NRT reopen",
          List.of(
              lowerIsBetter("reopenMeanMs", "ms"),
              lowerIsBetter("reopenP50Ms", "ms"),
              lowerIsBetter("reopenP90Ms", "ms"),
              lowerIsBetter("reopenP99Ms", "ms"),
              lowerIsBetter("reopenMaxMs", "ms"),
              higherIsBetter("reopens", "reopens"),
              higherIsBetter("updatesPerSec", "updates/s"),
              higherIsBetter("searchQps", "queries/s")));

  /** The variants, in the order the harness documents them. */
  public static final List<String> VARIANTS = List.of("plain", "merging", "throttled");

  public static final int DEFAULT_REOPEN_INTERVAL_MS = 1000;
  public static final double DEFAULT_MERGE_MB_PER_SEC = 20;

  public NrtSpec {
    variant = SpecChecks.orDefault(variant, "plain");
    updateRate = SpecChecks.orDefault(updateRate, 200.0);
    reopenIntervalMs = SpecChecks.orDefault(reopenIntervalMs, (double) DEFAULT_REOPEN_INTERVAL_MS);
    searchThreads = SpecChecks.orDefault(searchThreads, 1);
    durationSeconds = SpecChecks.orDefault(durationSeconds, 60.0);
    warmupSeconds = SpecChecks.orDefault(warmupSeconds, 5.0);
    mergeMbPerSec = SpecChecks.orDefault(mergeMbPerSec, DEFAULT_MERGE_MB_PER_SEC);
    ramBufferMb = SpecChecks.orDefault(ramBufferMb, IndexSpec.DEFAULT_RAM_BUFFER_MB);
    seed = SpecChecks.orDefault(seed, 0L);
    // The harness's words for them, as the hand-run command line has always said.
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

  /** The message names the option as the hand-run command line spells it, whole numbers whole. */
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
