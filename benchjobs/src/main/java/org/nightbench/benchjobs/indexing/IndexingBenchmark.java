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
import java.util.stream.Stream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;

/**
 * Indexes a line-docs corpus with StandardAnalyzer into a fresh FSDirectory index (fields id,
 * title, date, body), commits once without forceMerge, and reports rate, size and segments.
 */
public final class IndexingBenchmark {

  private static final long PROGRESS_INTERVAL_NANOS = 5_000_000_000L;

  private final IndexingSettings settings;
  private final PrintStream progress;
  private final Object lock = new Object();
  private LineDocsReader docs;
  private long added;
  private long textBytes;
  private long startNanos;
  private long lastReportNanos;
  private int lastReportedDecile;

  private IndexingBenchmark(IndexingSettings settings, PrintStream progress) {
    this.settings = settings;
    this.progress = progress;
  }

  /** Runs the benchmark, printing progress lines to {@code progress}. */
  public static IndexingReport run(IndexingSettings settings, PrintStream progress)
      throws IOException {
    return new IndexingBenchmark(settings, progress).run();
  }

  private IndexingReport run() throws IOException {
    Path dir = settings.indexDir();
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("index dir " + dir + " exists and is not a directory");
    }
    Files.createDirectories(dir);
    IndexWriterConfig iwc = new IndexWriterConfig(new StandardAnalyzer());
    iwc.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    iwc.setRAMBufferSizeMB(settings.ramBufferMB());
    long elapsed;
    try (LineDocsReader reader = LineDocsReader.open(settings.corpus());
        Directory directory = FSDirectory.open(dir)) {
      docs = reader;
      startNanos = System.nanoTime();
      lastReportNanos = startNanos;
      try (IndexWriter writer = new IndexWriter(directory, iwc)) {
        if (settings.threads() == 1) {
          indexLoop(writer);
        } else {
          indexParallel(writer);
        }
        progress.println("indexing: " + added + " docs added, committing");
        writer.commit();
      }
      elapsed = System.nanoTime() - startNanos;
      int segments;
      try (DirectoryReader r = DirectoryReader.open(directory)) {
        segments = r.leaves().size();
        if (r.numDocs() != added) {
          throw new IllegalStateException(
              "index holds " + r.numDocs() + " docs but " + added + " were added");
        }
      }
      IndexingReport report = new IndexingReport(added, textBytes, elapsed, sizeOf(dir), segments);
      progress.printf(
          Locale.ROOT,
          "indexing: done, %d docs in %.2f s (%.0f docs/s), %d segments, %.1f MB%n",
          added,
          report.elapsedSec(),
          added / report.elapsedSec(),
          segments,
          report.indexBytes() / 1024.0 / 1024.0);
      return report;
    }
  }

  private void indexLoop(IndexWriter writer) throws IOException {
    Document doc;
    while ((doc = nextDocument()) != null) {
      writer.addDocument(doc);
    }
  }

  private void indexParallel(IndexWriter writer) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < settings.threads(); i++) {
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

  /**
   * Reading and id assignment happen under one lock so ids follow corpus order at any thread count.
   */
  private Document nextDocument() {
    LineDoc d;
    long id;
    synchronized (lock) {
      if (added >= settings.maxDocs() || (d = docs.next()) == null) {
        return null;
      }
      id = added++;
      textBytes += d.utf8Bytes();
      maybeReport();
    }
    return BenchmarkDocuments.build(id, d);
  }

  private void maybeReport() {
    double fraction =
        settings.maxDocs() == Long.MAX_VALUE
            ? docs.fileFractionRead()
            : Math.max(docs.fileFractionRead(), (double) added / settings.maxDocs());
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

  private static long sizeOf(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      long total = 0;
      for (Path p : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(p)) {
          total += Files.size(p);
        }
      }
      return total;
    }
  }
}
