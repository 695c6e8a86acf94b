package org.nightbench.benchjobs.pk;

/**
 * How many lookups and for how long: a checked {@link org.nightbench.protocol.PkLookupSpec}'s or
 * {@link org.nightbench.protocol.PkPostingsSpec}'s settings.
 *
 * @param lookups keys per batch
 * @param minBatchSeconds a batch repeats its keys until at least this long has passed
 * @param batches measured batches per series
 * @param warmupBatches batches per series run first and dropped
 * @param seed picks the random series' keys
 */
public record PkLookupSettings(
    int lookups, double minBatchSeconds, int batches, int warmupBatches, long seed) {}
