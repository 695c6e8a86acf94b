package org.nightbench.benchjobs;

import java.nio.file.Path;
import org.nightbench.benchjobs.vectorindexing.VectorIndexingBenchmark;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * {@code vector-indexing}: indexes the corpus's documents with their embedded vectors once per
 * vector format and writes docs/s and GB/hour per format.
 */
final class VectorIndexingStep {

  private VectorIndexingStep() {}

  static void run(VectorIndexingSpec spec, Path out) throws Exception {
    VectorIndexingBenchmark.Outcome outcome =
        new VectorIndexingBenchmark(
                spec.corpus(),
                spec.docVectors(),
                spec.dimension(),
                spec.maxDocs() == null ? Long.MAX_VALUE : spec.maxDocs(),
                spec.ramBufferMb(),
                System.out)
            .run(spec.formats(), spec.indexDir());
    Results.write(out, spec.type(), outcome.metrics(), java.util.List.of(), outcome.notes());
  }
}
