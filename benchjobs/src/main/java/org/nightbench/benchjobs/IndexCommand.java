package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.indexing.CodecOptions;
import org.nightbench.benchjobs.indexing.DirectoryChoice;
import org.nightbench.benchjobs.indexing.DocumentVectors;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.indexing.IndexingReport;
import org.nightbench.benchjobs.indexing.IndexingSettings;
import org.nightbench.benchjobs.indexing.MergePolicyChoice;
import org.nightbench.benchjobs.indexing.StoredFieldsMode;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code index}: builds an index from a line-docs corpus and writes the indexing metrics. */
@Command(
    name = HarnessOptions.INDEX_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Index a line-docs corpus.")
final class IndexCommand implements Callable<Integer> {

  @Option(
      names = HarnessOptions.CORPUS,
      required = true,
      paramLabel = "FILE",
      description = "line-docs file, plain or .gz")
  Path corpus;

  @Option(
      names = HarnessOptions.INDEX_DIR,
      required = true,
      paramLabel = "DIR",
      description = "index directory, recreated")
  Path indexDir;

  @Option(
      names = HarnessOptions.MAX_DOCS,
      paramLabel = "N",
      description = "stop after N docs (default: all)")
  Long maxDocs;

  @Option(names = HarnessOptions.RAM_BUFFER_MB, defaultValue = "64", paramLabel = "MB")
  double ramBufferMB;

  @Option(names = HarnessOptions.THREADS, defaultValue = "1", paramLabel = "N")
  int threads;

  @Option(
      names = HarnessOptions.OUT,
      required = true,
      paramLabel = "FILE",
      description = "result JSON")
  Path out;

  @Option(
      names = HarnessOptions.VARIANT,
      defaultValue = "default",
      paramLabel = "NAME",
      description = "names this configuration; the metrics' task")
  String variant;

  @Option(
      names = HarnessOptions.DOC_CHARS,
      defaultValue = "0",
      paramLabel = "N",
      description = "re-cut the body text into ~N-char docs (0: one doc per line)")
  int docChars;

  @Option(
      names = HarnessOptions.DIRECTORY,
      defaultValue = "mmap",
      paramLabel = "KIND",
      description = "mmap, nio or bytebuffers (in heap, nothing persisted)")
  String directory;

  @Option(
      names = HarnessOptions.MERGE_POLICY,
      paramLabel = "POLICY",
      description =
          "tiered, log-byte-size, log-doc or no-merge (default: tiered; log-doc if"
              + " deterministic)")
  String mergePolicy;

  @Option(
      names = HarnessOptions.DETERMINISTIC,
      description = "one thread, serial merges, flush by doc count: repeatable segments")
  boolean deterministic;

  @Option(
      names = HarnessOptions.MAX_BUFFERED_DOCS,
      paramLabel = "N",
      description = "flush every N docs (default: by RAM; 1000 if deterministic)")
  Integer maxBufferedDocs;

  @Option(
      names = HarnessOptions.STORED_FIELDS,
      paramLabel = "MODE",
      description =
          "speed or compression: the default codec's stored fields mode (default: its own)")
  String storedFields;

  @Option(
      names = HarnessOptions.POSTINGS_FORMAT,
      paramLabel = "NAME",
      description =
          "SPI name of the postings format for every field, e.g. the release's own or FST50"
              + " (lucene-codecs); the index stays readable by the default codec")
  String postingsFormat;

  @Option(
      names = HarnessOptions.DOC_VECTORS,
      paramLabel = "FILE",
      description =
          "the embedded vectors of the corpus's first documents (luceneutil's format), indexed as"
              + " the 'vector' field for vector// tasks")
  Path docVectors;

  @Option(names = HarnessOptions.DIMENSION, defaultValue = "384", paramLabel = "D")
  int dimension;

  @Override
  public Integer call() throws Exception {
    // A stale result from an earlier run must not pass for this run's if we fail.
    Files.deleteIfExists(out);
    if (maxBufferedDocs != null && maxBufferedDocs < 2) {
      // 0 means "unset" in the settings; an explicit 0 must not pass as that.
      throw new IllegalArgumentException("max-buffered-docs must be >= 2, got " + maxBufferedDocs);
    }
    IndexingSettings settings =
        new IndexingSettings(
            corpus,
            indexDir,
            maxDocs == null ? Long.MAX_VALUE : maxDocs,
            ramBufferMB,
            threads,
            variant,
            docChars,
            DirectoryChoice.parse(directory),
            mergePolicy == null ? null : MergePolicyChoice.parse(mergePolicy),
            deterministic,
            maxBufferedDocs == null ? 0 : maxBufferedDocs,
            new CodecOptions(
                storedFields == null ? null : StoredFieldsMode.parse(storedFields),
                postingsFormat));
    if (docVectors == null) {
      Results.write(out, "index", IndexingBenchmark.run(settings, System.out).toMetrics(settings));
      return 0;
    }
    if (!DocumentVectors.available()) {
      String note = "index: no document vectors, this Lucene has no KnnFloatVectorField (9.6 on)";
      System.out.println(note);
      IndexingReport report = IndexingBenchmark.run(settings, System.out);
      Results.write(out, "index", report.toMetrics(settings), List.of(), List.of(note));
      return 0;
    }
    try (DocumentVectors vectors = DocumentVectors.open(docVectors, dimension)) {
      System.out.println("index: the first " + vectors.count() + " documents carry vectors");
      IndexingReport report = IndexingBenchmark.run(settings, System.out, vectors);
      Results.write(out, "index", report.toMetrics(settings));
    }
    return 0;
  }
}
