package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.pk.PkLookupSettings;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.result.Metric;

/** {@code pk-lookup}: times primary-key lookups on an index built by {@code index}. */
final class PkLookupStep {

  private PkLookupStep() {}

  static void run(PkLookupSpec spec, Path out) throws Exception {
    PkLookupSettings settings =
        new PkLookupSettings(
            spec.lookups(),
            spec.minBatchSeconds(),
            spec.batches(),
            spec.warmupBatches(),
            spec.seed());
    List<Metric> metrics = Indexes.pkLookup(spec.indexDir(), settings, System.out);
    Results.write(out, spec.type(), metrics);
  }
}
