package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Times primary-key lookups, sequential and random keys. A profile's {@code pk-lookups} section is
 * this record without the index and seed, which the run supplies ({@link #on}).
 *
 * @param indexDir the index
 * @param lookups keys per batch
 * @param minBatchSeconds a batch repeats its keys until it has run this long, so a batch is never
 *     too short to time (4,000 lookups take about 10 ms)
 * @param batches measured batches; the reported rate is their median
 * @param warmupBatches batches run first and dropped
 * @param seed the random keys' seed
 */
public record PkLookupSpec(
    @Required Path indexDir,
    Integer lookups,
    Double minBatchSeconds,
    Integer batches,
    Integer warmupBatches,
    Long seed)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "pk-lookup",
          PkLookupSpec.class,
          "org.nightbench.benchjobs.pk.PkLookupBenchmark",
          20,
          Set.of(Input.INDEX),
          true,
          "pk",
          "pk",
          "PK lookups",
          "PK lookups",
          List.of(higherIsBetter("lookupsPerSec", "lookups/s")));

  // The backend's 4,000 (every stored series was measured with it), not the harness's old 1,000.
  public static final int DEFAULT_LOOKUPS = 4000;
  public static final double DEFAULT_MIN_BATCH_SECONDS = 1;
  public static final int DEFAULT_BATCHES = 10;
  // The backend's 0, not the harness's old 3: a profile without the setting always measured none.
  public static final int DEFAULT_WARMUP_BATCHES = 0;

  public PkLookupSpec {
    lookups = SpecChecks.orDefault(lookups, DEFAULT_LOOKUPS);
    minBatchSeconds = SpecChecks.orDefault(minBatchSeconds, DEFAULT_MIN_BATCH_SECONDS);
    batches = SpecChecks.orDefault(batches, DEFAULT_BATCHES);
    warmupBatches = SpecChecks.orDefault(warmupBatches, DEFAULT_WARMUP_BATCHES);
    seed = SpecChecks.orDefault(seed, 0L);
    SpecChecks.atLeast("lookups", lookups, 1);
    SpecChecks.batchSeconds(minBatchSeconds);
    SpecChecks.atLeast("batches", batches, 1);
    SpecChecks.atLeast("warmup-batches", warmupBatches, 0);
  }

  /** These lookups on {@code index}, keys drawn with {@code keySeed}. */
  public PkLookupSpec on(Path index, long keySeed) {
    return new PkLookupSpec(index, lookups, minBatchSeconds, batches, warmupBatches, keySeed);
  }
}
