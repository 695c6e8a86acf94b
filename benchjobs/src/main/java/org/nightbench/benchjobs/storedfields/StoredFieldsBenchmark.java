package org.nightbench.benchjobs.storedfields;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.DefaultCodecWithMode;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.result.Metric;

/**
 * Indexes a corpus's lines as documents of stored fields only (id, title, date, body), in one
 * stored fields mode, then reads documents back by id in a fixed stride across the index. The
 * semantics of luceneutil's StoredFieldsBenchmark: serial merges, a flush every few documents, the
 * store's size, and the fastest of several retrieval rounds per document.
 */
public final class StoredFieldsBenchmark {

  /** Benchmark name of the metrics; the task is the mode, {@code speed} or {@code compression}. */
  public static final String BENCHMARK = Benchmarks.STORED_FIELDS.series();

  /** The stride between documents read, wrapping at maxDoc, as luceneutil reads them. */
  static final int STRIDE = 65535;

  /** The first document read. */
  static final int FIRST = 42;

  private StoredFieldsBenchmark() {}

  public static List<Metric> run(StoredFieldsSettings s, PrintStream progress) throws IOException {
    Files.createDirectories(s.indexDir());
    long docs;
    double indexSeconds;
    long storeBytes;
    try (Directory dir = FSDirectory.open(s.indexDir())) {
      if (s.warmup()) {
        index(s, dir);
        progress.println("stored fields: warm-up pass done");
      }
      long t0 = System.nanoTime();
      docs = index(s, dir);
      indexSeconds = (System.nanoTime() - t0) / 1e9;
      storeBytes = 0;
      for (String f : dir.listAll()) {
        storeBytes += dir.fileLength(f);
      }
      progress.printf(
          Locale.ROOT,
          "stored fields: %s indexed %d docs in %.2f s, %d bytes%n",
          s.mode().cliName(),
          docs,
          indexSeconds,
          storeBytes);
    }
    double nanosPerDoc;
    int segments;
    try (Directory dir = FSDirectory.open(s.indexDir());
        DirectoryReader reader = DirectoryReader.open(dir)) {
      segments = reader.leaves().size();
      DocumentReads reads = DocumentReads.of(reader);
      reads.readAll(FIRST, STRIDE, s.retrievals()); // warm-up, as luceneutil's
      long fastest = Long.MAX_VALUE;
      for (int r = 0; r < s.rounds(); r++) {
        long t0 = System.nanoTime();
        reads.readAll(FIRST, STRIDE, s.retrievals());
        fastest = Math.min(fastest, System.nanoTime() - t0);
      }
      nanosPerDoc = fastest / (double) s.retrievals();
      progress.printf(
          Locale.ROOT,
          "stored fields: %.0f ns per document read (checksum %d)%n",
          nanosPerDoc,
          reads.checksum());
    }
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("mode", s.mode().cliName());
    detail.put("docs", docs);
    detail.put("segments", segments);
    detail.put("fields", List.of(BenchmarkDocuments.ID, "title", "date", "body"));
    detail.put("flushEveryDocs", s.flushDocs());
    detail.put("warmupPass", s.warmup());
    detail.put("retrievalsPerRound", s.retrievals());
    detail.put("rounds", s.rounds());
    detail.put("aggregate", "fastest round");
    String task = s.mode().cliName();
    List<Metric> metrics = new ArrayList<>();
    metrics.add(new Metric(BENCHMARK, task, "indexSeconds", "s", false, indexSeconds, detail));
    metrics.add(
        new Metric(BENCHMARK, task, "storeMB", "MB", false, storeBytes / (1024.0 * 1024), detail));
    metrics.add(
        new Metric(BENCHMARK, task, "retrieveNanosPerDoc", "ns/doc", false, nanosPerDoc, detail));
    return metrics;
  }

  /** Writes the index afresh; the number of documents. */
  private static long index(StoredFieldsSettings s, Directory dir) throws IOException {
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            .setCodec(DefaultCodecWithMode.create(s.mode()))
            .setMergeScheduler(new SerialMergeScheduler())
            .setMaxBufferedDocs(s.flushDocs())
            .setRAMBufferSizeMB(IndexWriterConfig.DISABLE_AUTO_FLUSH);
    long docs = 0;
    try (LineDocsReader lines = LineDocsReader.open(s.corpus());
        IndexWriter writer = new IndexWriter(dir, config)) {
      StoredField id = new StoredField(BenchmarkDocuments.ID, "");
      StoredField title = new StoredField("title", "");
      StoredField date = new StoredField("date", "");
      StoredField body = new StoredField("body", "");
      Document doc = new Document();
      doc.add(id);
      doc.add(title);
      doc.add(date);
      doc.add(body);
      for (LineDoc line = lines.next(); line != null && docs < s.maxDocs(); line = lines.next()) {
        id.setStringValue(Long.toString(docs));
        title.setStringValue(line.title());
        date.setStringValue(line.date());
        body.setStringValue(line.body());
        writer.addDocument(doc);
        docs++;
      }
      writer.commit();
    }
    return docs;
  }
}
