package org.nightbench.harness;

/**
 * Primary-key lookups, sequential and random keys as separate series.
 *
 * @param lookups keys per batch
 * @param minBatchSeconds a batch repeats its keys until it has run this long, so a batch is never
 *     too short to time (4,000 lookups take about 10 ms)
 * @param batches measured batches; the reported rate is their median
 * @param warmupBatches batches run first and dropped
 */
public record PkLookupSettings(
    int lookups, double minBatchSeconds, int batches, int warmupBatches) {

  public PkLookupSettings {
    lookups = lookups == 0 ? 4000 : lookups;
    minBatchSeconds = minBatchSeconds == 0 ? 1.0 : minBatchSeconds;
    batches = batches == 0 ? 10 : batches;
    ProfileChecks.atLeast("pk-lookups lookups", lookups, 1);
    ProfileChecks.above("pk-lookups min-batch-seconds", minBatchSeconds, 0);
    ProfileChecks.atLeast("pk-lookups batches", batches, 1);
    ProfileChecks.atLeast("pk-lookups warmup-batches", warmupBatches, 0);
  }
}
