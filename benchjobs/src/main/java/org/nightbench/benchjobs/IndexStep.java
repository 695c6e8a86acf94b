package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.indexing.CodecOptions;
import org.nightbench.benchjobs.indexing.DirectoryChoice;
import org.nightbench.benchjobs.indexing.DocumentVectors;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.indexing.IndexingReport;
import org.nightbench.benchjobs.indexing.IndexingSettings;
import org.nightbench.benchjobs.indexing.MergePolicyChoice;
import org.nightbench.benchjobs.indexing.StoredFieldsMode;
import org.nightbench.protocol.IndexSpec;

/** {@code index}: builds an index from a line-docs corpus and writes the indexing metrics. */
final class IndexStep {

  private IndexStep() {}

  static void run(IndexSpec spec, Path out) throws Exception {
    IndexingSettings settings =
        new IndexingSettings(
            spec.corpus(),
            spec.indexDir(),
            spec.maxDocs() == null ? Long.MAX_VALUE : spec.maxDocs(),
            spec.ramBufferMb(),
            spec.threads(),
            spec.variant(),
            spec.docChars(),
            DirectoryChoice.parse(spec.directory()),
            spec.mergePolicy() == null ? null : MergePolicyChoice.parse(spec.mergePolicy()),
            spec.deterministic(),
            spec.maxBufferedDocs() == null ? 0 : spec.maxBufferedDocs(),
            new CodecOptions(
                spec.storedFields() == null ? null : StoredFieldsMode.parse(spec.storedFields()),
                spec.postingsFormat()));
    if (spec.docVectors() == null) {
      Results.write(
          out, spec.type(), IndexingBenchmark.run(settings, System.out).toMetrics(settings));
      return;
    }
    if (!DocumentVectors.available()) {
      String note = "index: no document vectors, this Lucene has no KnnFloatVectorField (9.6 on)";
      System.out.println(note);
      IndexingReport report = IndexingBenchmark.run(settings, System.out);
      Results.write(out, spec.type(), report.toMetrics(settings), List.of(), List.of(note));
      return;
    }
    try (DocumentVectors vectors = DocumentVectors.open(spec.docVectors(), spec.dimension())) {
      System.out.println("index: the first " + vectors.count() + " documents carry vectors");
      IndexingReport report = IndexingBenchmark.run(settings, System.out, vectors);
      Results.write(out, spec.type(), report.toMetrics(settings));
    }
  }
}
