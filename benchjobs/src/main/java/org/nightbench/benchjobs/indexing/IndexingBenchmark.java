package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.store.Directory;
import org.nightbench.benchjobs.linedocs.DocChunker;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.timing.WriterTimings;
import org.nightbench.protocol.IndexSpec;

/**
 * Indexes a line-docs corpus (whole lines, or re-cut to a fixed doc size) with StandardAnalyzer
 * into a fresh index (the fields of {@link BenchmarkDocuments}, taxonomy facet ordinals in {@link
 * TaxonomyIndex}), commits once without forceMerge, and reports rate, size, segments, the writer's
 * flush and merge time and the JVM's GC, JIT and heap costs.
 */
public final class IndexingBenchmark implements Benchmark<IndexSpec> {

  private static final long PROGRESS_INTERVAL_NANOS = 5_000_000_000L;

  /** Flush size of deterministic runs that name none, small enough to give several segments. */
  public static final int DETERMINISTIC_MAX_BUFFERED_DOCS = 1000;

  private final IndexSpec spec;
  private final DirectoryChoice directory;
  private final long maxDocs;
  private final PrintStream progress;
  private final Object lock = new Object();
  private Supplier<LineDoc> docs;
  private TaxonomyIndex taxonomy;
  private DoubleSupplier fileFraction;
  private long added;
  private long textBytes;
  private long startNanos;
  private long lastReportNanos;
  private int lastReportedDecile;

  private final DocumentVectors vectors;

  private IndexingBenchmark(IndexSpec spec, PrintStream progress, DocumentVectors vectors) {
    this.spec = spec;
    this.directory = spec == null ? null : DirectoryChoice.parse(spec.directory());
    this.maxDocs = spec == null || spec.maxDocs() == null ? Long.MAX_VALUE : spec.maxDocs();
    this.progress = progress;
    this.vectors = vectors;
  }

  /** For the runner; {@link #measure} makes the instance that indexes. */
  public IndexingBenchmark() {
    this(null, null, null);
  }

  /** The merge policy the spec names; log-doc when deterministic and none is named, else tiered. */
  static MergePolicyChoice mergePolicy(IndexSpec spec) {
    if (spec.mergePolicy() != null) {
      return MergePolicyChoice.parse(spec.mergePolicy());
    }
    return spec.deterministic() ? MergePolicyChoice.LOG_DOC : MergePolicyChoice.TIERED;
  }

  /**
   * Documents per flush; 0 flushes by RAM ({@value #DETERMINISTIC_MAX_BUFFERED_DOCS} if
   * deterministic).
   */
  static int maxBufferedDocs(IndexSpec spec) {
    if (spec.maxBufferedDocs() != null) {
      return spec.maxBufferedDocs();
    }
    return spec.deterministic() ? DETERMINISTIC_MAX_BUFFERED_DOCS : 0;
  }

  /** How the codec departs from the release's default: stored fields mode and postings format. */
  static CodecOptions codec(IndexSpec spec) {
    return new CodecOptions(
        spec.storedFields() == null ? null : StoredFieldsMode.parse(spec.storedFields()),
        spec.postingsFormat());
  }

  /**
   * Indexes the spec's corpus and reports the indexing rate, the writer's times and the index's
   * size; with document vectors when the spec names them and this Lucene has vector fields.
   */
  @Override
  public Report measure(IndexSpec spec, PrintStream log) throws IOException {
    if (spec.docVectors() == null) {
      return Report.of(run(spec, log).toMetrics(spec));
    }
    if (!DocumentVectors.available()) {
      String note = "index: no document vectors, this Lucene has no KnnFloatVectorField (9.6 on)";
      log.println(note);
      return Report.of(run(spec, log).toMetrics(spec), List.of(note));
    }
    try (DocumentVectors vectors = DocumentVectors.open(spec.docVectors(), spec.dimension())) {
      log.println("index: the first " + vectors.count() + " documents carry vectors");
      return Report.of(run(spec, log, vectors).toMetrics(spec));
    }
  }

  /**
   * Indexes as {@code spec} says (its document vectors aside), printing progress lines to {@code
   * progress}.
   */
  public static IndexingReport run(IndexSpec spec, PrintStream progress) throws IOException {
    return run(spec, progress, null);
  }

  /**
   * As {@link #run(IndexSpec, PrintStream)}, the documents also carrying {@code vectors} (null for
   * none) for luceneutil's {@code vector//} tasks.
   */
  public static IndexingReport run(IndexSpec spec, PrintStream progress, DocumentVectors vectors)
      throws IOException {
    return new IndexingBenchmark(spec, progress, vectors).run();
  }

  private IndexingReport run() throws IOException {
    Path dir = spec.indexDir();
    WriterTimings timings = new WriterTimings();
    // First: a bad codec option must fail before the earlier index is deleted.
    IndexWriterConfig iwc = writerConfig(timings);
    clear(dir);
    try (LineDocsReader reader = LineDocsReader.open(spec.corpus());
        Directory directory = this.directory.open(dir);
        TaxonomyIndex taxo = openTaxonomy(dir)) {
      taxonomy = taxo;
      Supplier<LineDoc> lines = reader::next;
      if (vectors != null) {
        // Numbered before chunking: vector i is the corpus's i-th line's.
        lines = vectors.numbering(lines);
      }
      docs = spec.docChars() == 0 ? lines : new DocChunker(lines, spec.docChars())::next;
      JvmCosts.Meter jvm = JvmCosts.start();
      startNanos = System.nanoTime();
      lastReportNanos = startNanos;
      fileFraction = reader::fileFractionRead;
      try (IndexWriter writer = new IndexWriter(directory, iwc)) {
        if (spec.threads() == 1) {
          indexLoop(writer);
        } else {
          indexParallel(writer);
        }
        progress.println("indexing: " + added + " docs added, committing");
        if (taxonomy != null) {
          // First: the main index's commit refers to these ordinals.
          taxonomy.commit();
        }
        writer.commit();
      }
      long elapsed = System.nanoTime() - startNanos;
      JvmCosts costs = jvm.stop();
      return report(directory, elapsed, timings, costs);
    }
  }

  /** What the index holds, checked against what was added, with the writer's and JVM's costs. */
  private IndexingReport report(
      Directory directory, long elapsed, WriterTimings timings, JvmCosts costs) throws IOException {
    int segments;
    try (DirectoryReader r = DirectoryReader.open(directory)) {
      segments = r.leaves().size();
      if (r.numDocs() != added) {
        throw new IllegalStateException(
            "index holds " + r.numDocs() + " docs but " + added + " were added");
      }
    }
    IndexingReport report =
        new IndexingReport(
            added,
            textBytes,
            elapsed,
            IndexFiles.sizeInBytes(directory),
            segments,
            timings.flushSeconds(),
            timings.flushes(),
            timings.mergeSeconds(),
            timings.merges(),
            costs);
    progress.printf(
        Locale.ROOT,
        "indexing: done, %d docs in %.2f s (%.0f docs/s), %d segments, %.1f MB;"
            + " flush %.2f s (%d), merge %.2f s (%d), gc %.2f s (%d), peak heap %.0f MB%n",
        added,
        report.elapsedSec(),
        added / report.elapsedSec(),
        segments,
        report.indexBytes() / 1024.0 / 1024.0,
        report.flushSeconds(),
        report.flushes(),
        report.mergeSeconds(),
        report.merges(),
        costs.gcSeconds(),
        costs.gcCount(),
        costs.peakHeapMB());
    return report;
  }

  /** The taxonomy beside the index, through the same kind of Directory; null without facets. */
  private TaxonomyIndex openTaxonomy(Path dir) throws IOException {
    Path taxoDir = TaxonomyIndex.dirOf(dir);
    if (directory != DirectoryChoice.BYTEBUFFERS) {
      Files.createDirectories(taxoDir);
    }
    return TaxonomyIndex.open(directory.open(taxoDir), true);
  }

  private IndexWriterConfig writerConfig(WriterTimings timings) {
    IndexWriterConfig iwc = new IndexWriterConfig(new StandardAnalyzer());
    iwc.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    int maxBufferedDocs = maxBufferedDocs(spec);
    if (maxBufferedDocs > 0) {
      iwc.setMaxBufferedDocs(maxBufferedDocs);
    }
    if (spec.deterministic()) {
      // RAM-triggered flushes depend on JVM object sizes; doc counts do not.
      iwc.setRAMBufferSizeMB(IndexWriterConfig.DISABLE_AUTO_FLUSH);
      iwc.setMergeScheduler(new SerialMergeScheduler());
    } else {
      iwc.setRAMBufferSizeMB(spec.ramBufferMb());
    }
    iwc.setMergePolicy(mergePolicy(spec).create());
    iwc.setInfoStream(timings);
    CodecOptions options = codec(spec);
    Codec codec = IndexCodec.create(options);
    if (codec != null) {
      iwc.setCodec(codec);
      progress.println(
          "indexing: codec "
              + codec.getName()
              + ", stored fields "
              + options.storedFieldsName()
              + ", postings format "
              + options.postingsFormatName());
    }
    return iwc;
  }

  /**
   * Removes the index an earlier run left, so the size measured is this run's and segment names
   * start from _0. Only Lucene's own file names go: the directory is the caller's, and a mistyped
   * --index-dir must not cost anyone their files.
   */
  private void clear(Path dir) throws IOException {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("index dir " + dir + " exists and is not a directory");
    }
    Files.createDirectories(dir);
    int deleted = IndexFiles.deleteStale(dir);
    if (deleted > 0) {
      progress.println("indexing: deleted " + deleted + " files of an earlier index in " + dir);
    }
  }

  /**
   * Adds documents in blocks of consecutive ids, each added at once and its last document marked,
   * so block grouping ({@code groupblock//}) finds every block contiguous in one segment.
   */
  private void indexLoop(IndexWriter writer) throws IOException {
    List<Document> block;
    while (!(block = nextBlock()).isEmpty()) {
      QueryFields.markBlockEnd(block.get(block.size() - 1));
      writer.addDocuments(block);
    }
  }

  /**
   * The next block of documents; reading and id assignment happen under one lock so ids follow
   * corpus order at any thread count and blocks start at multiples of their size. Documents are
   * built outside it.
   */
  private List<Document> nextBlock() throws IOException {
    List<LineDoc> lines = new ArrayList<>(QueryFields.BLOCK_DOCS);
    long first;
    synchronized (lock) {
      first = added;
      LineDoc d;
      while (lines.size() < QueryFields.BLOCK_DOCS && added < maxDocs && (d = docs.get()) != null) {
        lines.add(d);
        added++;
        textBytes += d.utf8Bytes();
        maybeReport();
      }
    }
    List<Document> block = new ArrayList<>(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      Document doc = BenchmarkDocuments.build(first + i, lines.get(i), taxonomy);
      if (vectors != null) {
        vectors.add(doc, lines.get(i));
      }
      block.add(doc);
    }
    return block;
  }

  private void indexParallel(IndexWriter writer) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(spec.threads());
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < spec.threads(); i++) {
        futures.add(
            pool.submit(
                () -> {
                  try {
                    indexLoop(writer);
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while indexing", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (c instanceof RuntimeException r) {
        throw r;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IOException(c);
    } finally {
      pool.shutdownNow();
    }
  }

  private void maybeReport() {
    double fraction =
        maxDocs == Long.MAX_VALUE
            ? fileFraction.getAsDouble()
            : Math.max(fileFraction.getAsDouble(), (double) added / maxDocs);
    int decile = (int) Math.floor(fraction * 10);
    long now = System.nanoTime();
    if (decile > lastReportedDecile || now - lastReportNanos >= PROGRESS_INTERVAL_NANOS) {
      lastReportedDecile = Math.max(lastReportedDecile, decile);
      lastReportNanos = now;
      double sec = (now - startNanos) / 1e9;
      progress.printf(
          Locale.ROOT,
          "indexing: %d docs (~%d%%), %.1f s, %.0f docs/s%n",
          added,
          Math.round(fraction * 100),
          sec,
          sec > 0 ? added / sec : 0.0);
    }
  }
}
