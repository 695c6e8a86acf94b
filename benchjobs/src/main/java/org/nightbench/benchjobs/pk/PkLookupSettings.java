package org.nightbench.benchjobs.pk;

/**
 * How many lookups and for how long.
 *
 * @param lookups keys per batch
 * @param minBatchSeconds a batch repeats its keys until at least this long has passed
 * @param batches measured batches per series
 * @param warmupBatches batches per series run first and dropped
 * @param seed picks the random series' keys
 */
public record PkLookupSettings(
    int lookups, double minBatchSeconds, int batches, int warmupBatches, long seed) {

  /** Rejects settings that would measure nothing or never end. */
  public PkLookupSettings {
    if (lookups < 1) {
      throw new IllegalArgumentException("lookups must be >= 1, got " + lookups);
    }
    if (!(minBatchSeconds >= 0) || minBatchSeconds > 3600) {
      throw new IllegalArgumentException(
          "min-batch-seconds must be >= 0 and <= 3600, got " + minBatchSeconds);
    }
    if (batches < 1) {
      throw new IllegalArgumentException("batches must be >= 1, got " + batches);
    }
    if (warmupBatches < 0) {
      throw new IllegalArgumentException("warmup-batches must be >= 0, got " + warmupBatches);
    }
  }
}
