package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.pk.PkLookupSettings;
import org.nightbench.protocol.PkPostingsSpec;

/** {@code pk-postings}: PK lookups with the id field's postings in RAM against the default. */
final class PkPostingsStep {

  private PkPostingsStep() {}

  static void run(PkPostingsSpec spec, Path out) throws Exception {
    PkLookupSettings settings =
        new PkLookupSettings(
            spec.lookups(),
            spec.minBatchSeconds(),
            spec.batches(),
            spec.warmupBatches(),
            spec.seed());
    Indexes.Measured measured =
        Indexes.pkPostings(spec.indexDir(), spec.formats(), spec.workDir(), settings);
    Results.write(out, spec.type(), measured.metrics(), List.of(), measured.notes());
  }
}
