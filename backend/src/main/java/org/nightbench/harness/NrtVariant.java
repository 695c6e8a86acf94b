package org.nightbench.harness;

import java.util.Set;
import org.nightbench.protocol.NrtSpec;

/**
 * One near-real-time reopen measurement on a copy of the run's index: updates at a fixed rate, a
 * reopen every interval, searches alongside.
 *
 * @param name the series task, e.g. {@code plain}, {@code merging}
 * @param mode {@code plain}; {@code merging} runs a large forced merge in the background; {@code
 *     throttled} does the same with merge I/O rate-limited
 * @param updateRate documents updated per second
 * @param reopenIntervalMs time between reopens
 * @param searchThreads threads searching while updates and reopens go on
 * @param durationSeconds measured time
 * @param warmupSeconds time before measuring
 * @param maxFullFlushMergeWaitMs IndexWriterConfig's full-flush merge wait; negative keeps Lucene's
 *     default (which is recorded either way)
 * @param mergeMbPerSec the throttled mode's merge rate limit
 */
public record NrtVariant(
    String name,
    String mode,
    double updateRate,
    int reopenIntervalMs,
    int searchThreads,
    int durationSeconds,
    int warmupSeconds,
    Integer maxFullFlushMergeWaitMs,
    double mergeMbPerSec) {

  static final Set<String> MODES = Set.of("plain", "merging", "throttled");

  public NrtVariant {
    name = ProfileChecks.name("nrt variant", name);
    String what = "nrt variant '" + name + "'";
    mode = ProfileChecks.oneOf(what + " mode", mode, "plain", MODES);
    ProfileChecks.above(what + " update-rate", updateRate, 0);
    reopenIntervalMs =
        reopenIntervalMs == 0 ? NrtSpec.DEFAULT_REOPEN_INTERVAL_MS : reopenIntervalMs;
    ProfileChecks.atLeast(what + " reopen-interval-ms", reopenIntervalMs, 1);
    ProfileChecks.atLeast(what + " search-threads", searchThreads, 0);
    ProfileChecks.atLeast(what + " duration-seconds", durationSeconds, 1);
    ProfileChecks.atLeast(what + " warmup-seconds", warmupSeconds, 0);
    mergeMbPerSec = mergeMbPerSec == 0 ? NrtSpec.DEFAULT_MERGE_MB_PER_SEC : mergeMbPerSec;
    ProfileChecks.above(what + " merge-mb-per-sec", mergeMbPerSec, 0);
  }
}
