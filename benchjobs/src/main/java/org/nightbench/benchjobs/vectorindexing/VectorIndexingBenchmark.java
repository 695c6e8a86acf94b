package org.nightbench.benchjobs.vectorindexing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.DocumentVectors;
import org.nightbench.benchjobs.indexing.JvmCosts;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.vectors.KnnFormat;
import org.nightbench.protocol.VectorIndexingSpec;
import org.nightbench.protocol.result.Metric;

/**
 * Indexes the corpus's documents that have an embedded vector (the indexing step's fields plus the
 * vector as luceneutil's {@code vector} field) with one vector format, and reports the indexing
 * step's throughput metrics for it: docs/s and GB/hour of the documents' text, task = the format.
 */
public final class VectorIndexingBenchmark implements Benchmark<VectorIndexingSpec> {

  /** Benchmark name of every metric here. */
  public static final String BENCHMARK = VectorIndexingSpec.DEFINITION.series();

  private static final double GB = 1024.0 * 1024 * 1024;
  private static final double MB = 1024.0 * 1024;

  /** What a run measured, and what it skipped and why. */
  public record Outcome(List<Metric> metrics, List<String> notes) {}

  private final Path corpus;
  private final Path docVectors;
  private final int dimension;
  private final long maxDocs;
  private final double ramBufferMb;
  private final PrintStream progress;

  /** For the runner; {@link #measure} makes the instance that holds the spec's inputs. */
  public VectorIndexingBenchmark() {
    this(null, null, 0, 0, 0, null);
  }

  @Override
  public Report measure(VectorIndexingSpec spec, PrintStream log) throws IOException {
    Outcome outcome =
        new VectorIndexingBenchmark(
                spec.corpus(),
                spec.docVectors(),
                spec.dimension(),
                spec.maxDocs() == null ? Long.MAX_VALUE : spec.maxDocs(),
                spec.ramBufferMb(),
                log)
            .run(spec.formats(), spec.indexDir());
    return Report.of(outcome.metrics(), outcome.notes());
  }

  /**
   * @param maxDocs documents indexed at most (fewer when fewer have a vector)
   */
  public VectorIndexingBenchmark(
      Path corpus,
      Path docVectors,
      int dimension,
      long maxDocs,
      double ramBufferMb,
      PrintStream progress) {
    this.corpus = corpus;
    this.docVectors = docVectors;
    this.dimension = dimension;
    this.maxDocs = maxDocs;
    this.ramBufferMb = ramBufferMb;
    this.progress = progress;
  }

  /**
   * Indexes once per format of {@code formats} ({@code float32}, {@code int8}) into {@code
   * indexDir}, removing each index afterwards; a format this Lucene lacks is skipped with a note.
   */
  public Outcome run(List<String> formats, Path indexDir) throws IOException {
    List<Metric> metrics = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (!DocumentVectors.available()) {
      notes.add("vector-indexing: skipped, this Lucene has no KnnFloatVectorField (9.6 on)");
      notes.forEach(progress::println);
      return new Outcome(metrics, notes);
    }
    for (String format : formats) {
      Optional<KnnVectorsFormat> vectorsFormat;
      try {
        vectorsFormat = knnFormat(format).create();
      } catch (UnsupportedOperationException e) {
        notes.add("vector-indexing " + format + ": skipped, " + e.getMessage());
        continue;
      }
      metrics.addAll(index(format, vectorsFormat, indexDir));
    }
    notes.forEach(progress::println);
    return new Outcome(metrics, notes);
  }

  /** float32 is the codec's own HNSW format; int8 is scalar-quantized HNSW (7 bits a byte). */
  private static KnnFormat knnFormat(String format) {
    return switch (format) {
      case "float32" -> KnnFormat.HNSW;
      case "int8" -> KnnFormat.INT7;
      default -> throw new IllegalArgumentException("unknown vector indexing format " + format);
    };
  }

  private List<Metric> index(String format, Optional<KnnVectorsFormat> vectorsFormat, Path indexDir)
      throws IOException {
    deleteIndex(indexDir);
    Files.createDirectories(indexDir);
    IndexWriterConfig iwc = new IndexWriterConfig(new StandardAnalyzer());
    iwc.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    iwc.setRAMBufferSizeMB(ramBufferMb);
    vectorsFormat.ifPresent(f -> iwc.setCodec(KnnFormat.codecWith(f)));
    long docs = 0;
    long textBytes = 0;
    long elapsed;
    long indexBytes = 0;
    JvmCosts costs;
    try (LineDocsReader reader = LineDocsReader.open(corpus);
        DocumentVectors vectors = DocumentVectors.open(docVectors, dimension);
        Directory directory = FSDirectory.open(indexDir)) {
      long limit = Math.min(maxDocs, vectors.count());
      Supplier<LineDoc> lines = vectors.numbering(reader::next);
      JvmCosts.Meter jvm = JvmCosts.start();
      long start = System.nanoTime();
      try (IndexWriter writer = new IndexWriter(directory, iwc)) {
        LineDoc line;
        while (docs < limit && (line = lines.get()) != null) {
          Document doc = BenchmarkDocuments.build(docs, line);
          vectors.add(doc, line);
          writer.addDocument(doc);
          docs++;
          textBytes += line.utf8Bytes();
        }
        writer.commit();
      }
      elapsed = Math.max(System.nanoTime() - start, 1);
      costs = jvm.stop();
      try (DirectoryReader r = DirectoryReader.open(directory)) {
        if (r.numDocs() != docs) {
          throw new IllegalStateException(
              "index holds " + r.numDocs() + " docs but " + docs + " were added");
        }
      }
      for (String file : directory.listAll()) {
        indexBytes += directory.fileLength(file);
      }
    } finally {
      deleteIndex(indexDir);
    }
    if (docs == 0) {
      throw new IllegalStateException("vector-indexing: no document has a vector to index");
    }
    double sec = elapsed / 1e9;
    progress.printf(
        Locale.ROOT,
        "vector-indexing %s: %d docs in %.2f s (%.0f docs/s), %.1f MB%n",
        format,
        docs,
        sec,
        docs / sec,
        indexBytes / MB);
    return metrics(format, vectorsFormat, docs, textBytes, sec, indexBytes, costs);
  }

  private List<Metric> metrics(
      String format,
      Optional<KnnVectorsFormat> vectorsFormat,
      long docs,
      long textBytes,
      double sec,
      long indexBytes,
      JvmCosts costs) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("docs", docs);
    detail.put("plainTextBytes", textBytes);
    detail.put("dimension", dimension);
    detail.put("ramBufferMB", ramBufferMb);
    detail.put("corpus", corpus.getFileName().toString());
    detail.put(
        "luceneFormat",
        vectorsFormat.map(f -> f.getClass().getSimpleName()).orElse("the codec's default"));
    List<Metric> m = new ArrayList<>();
    m.add(metric(format, "docsPerSec", docs / sec, detail));
    m.add(metric(format, "gbPerHour", textBytes / GB / (sec / 3600.0), detail));
    m.add(metric(format, "indexSizeMB", indexBytes / MB, detail));
    m.add(metric(format, "elapsedSec", sec, detail));
    m.add(metric(format, "gcSeconds", costs.gcSeconds(), detail));
    return m;
  }

  private static Metric metric(String task, String name, double value, Map<String, Object> detail) {
    return VectorIndexingSpec.DEFINITION.measured(task, name, value, detail);
  }

  /** Removes what an index left: only files, the directory is the run's own. */
  private static void deleteIndex(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
  }
}
