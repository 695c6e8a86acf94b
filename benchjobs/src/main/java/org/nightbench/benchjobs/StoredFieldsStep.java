package org.nightbench.benchjobs;

import java.nio.file.Path;
import org.nightbench.benchjobs.indexing.StoredFieldsMode;
import org.nightbench.benchjobs.storedfields.StoredFieldsBenchmark;
import org.nightbench.benchjobs.storedfields.StoredFieldsSettings;
import org.nightbench.protocol.StoredFieldsSpec;

/** {@code stored-fields}: luceneutil's stored fields benchmark in one mode. */
final class StoredFieldsStep {

  private StoredFieldsStep() {}

  static void run(StoredFieldsSpec spec, Path out) throws Exception {
    StoredFieldsSettings settings =
        new StoredFieldsSettings(
            spec.corpus(),
            spec.indexDir(),
            StoredFieldsMode.parse(spec.storedFields()),
            spec.maxDocs() == null ? Long.MAX_VALUE : spec.maxDocs(),
            spec.maxBufferedDocs(),
            spec.warmupPass(),
            spec.retrievals(),
            spec.rounds());
    Results.write(out, spec.type(), StoredFieldsBenchmark.run(settings, System.out));
  }
}
