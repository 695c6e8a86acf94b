package org.nightbench.benchjobs.storedfields;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
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
import org.nightbench.benchjobs.indexing.StoredFieldsMode;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.linedocs.LineDocsReader;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.runner.RoundRunner;
import org.nightbench.protocol.StoredFieldsSpec;

/**
 * Indexes a corpus's lines as documents of stored fields only (id, title, date, body), in one
 * stored fields mode, then reads documents back by id in a fixed stride across the index. The
 * semantics of luceneutil's StoredFieldsBenchmark: serial merges, a flush every few documents, the
 * store's size, and the fastest of several retrieval rounds per document.
 */
public final class StoredFieldsBenchmark implements Benchmark<StoredFieldsSpec> {

  /** Benchmark name of the metrics; the task is the mode, {@code speed} or {@code compression}. */
  public static final String BENCHMARK = StoredFieldsSpec.DEFINITION.series();

  /** The stride between documents read, wrapping at maxDoc, as luceneutil reads them. */
  static final int STRIDE = 65535;

  /** The first document read. */
  static final int FIRST = 42;

  /** For the runner. */
  public StoredFieldsBenchmark() {}

  /** What the index pass measured. */
  private record Indexed(long docs, double seconds, long storeBytes) {}

  /** What the retrieval rounds measured. */
  private record Retrieved(int segments, double nanosPerDoc) {}

  @Override
  public Report measure(StoredFieldsSpec s, PrintStream progress) throws IOException {
    StoredFieldsMode mode = StoredFieldsMode.parse(s.storedFields());
    long maxDocs = s.maxDocs() == null ? Long.MAX_VALUE : s.maxDocs();
    Files.createDirectories(s.indexDir());
    Indexed indexed = index(s, mode, maxDocs, progress);
    Retrieved retrieved = retrieve(s, progress);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("mode", mode.cliName());
    detail.put("docs", indexed.docs());
    detail.put("segments", retrieved.segments());
    detail.put("fields", List.of(BenchmarkDocuments.ID, "title", "date", "body"));
    detail.put("flushEveryDocs", s.maxBufferedDocs());
    detail.put("warmupPass", s.warmupPass());
    detail.put("retrievalsPerRound", s.retrievals());
    detail.put("rounds", s.rounds());
    detail.put("aggregate", "fastest round");
    String task = mode.cliName();
    double storeMb = indexed.storeBytes() / (1024.0 * 1024);
    return Report.of(
        List.of(
            StoredFieldsSpec.DEFINITION.measured(task, "indexSeconds", indexed.seconds(), detail),
            StoredFieldsSpec.DEFINITION.measured(task, "storeMB", storeMb, detail),
            StoredFieldsSpec.DEFINITION.measured(
                task, "retrieveNanosPerDoc", retrieved.nanosPerDoc(), detail)));
  }

  /** The timed index pass, after the untimed one when the spec asks for a warm-up pass. */
  private static Indexed index(
      StoredFieldsSpec s, StoredFieldsMode mode, long maxDocs, PrintStream progress)
      throws IOException {
    try (Directory dir = FSDirectory.open(s.indexDir())) {
      if (s.warmupPass()) {
        index(s, mode, maxDocs, dir);
        progress.println("stored fields: warm-up pass done");
      }
      long t0 = System.nanoTime();
      long docs = index(s, mode, maxDocs, dir);
      double indexSeconds = (System.nanoTime() - t0) / 1e9;
      long storeBytes = 0;
      for (String f : dir.listAll()) {
        storeBytes += dir.fileLength(f);
      }
      progress.printf(
          Locale.ROOT,
          "stored fields: %s indexed %d docs in %.2f s, %d bytes%n",
          mode.cliName(),
          docs,
          indexSeconds,
          storeBytes);
      return new Indexed(docs, indexSeconds, storeBytes);
    }
  }

  /** One untimed retrieval round, as luceneutil's, then the fastest of the timed rounds. */
  private static Retrieved retrieve(StoredFieldsSpec s, PrintStream progress) throws IOException {
    int retrievals = s.retrievals();
    try (Directory dir = FSDirectory.open(s.indexDir());
        DirectoryReader reader = DirectoryReader.open(dir)) {
      DocumentReads reads = DocumentReads.of(reader);
      // The runner's fixed warm-up: one untimed round, as luceneutil's, then the timed ones.
      long[] latest = {0};
      long[] fastestOf = {Long.MAX_VALUE};
      RoundRunner.fixed(
          1,
          s.rounds(),
          () -> {
            long t0 = System.nanoTime();
            reads.readAll(FIRST, STRIDE, retrievals);
            latest[0] = System.nanoTime() - t0;
          },
          r -> fastestOf[0] = Math.min(fastestOf[0], latest[0]));
      long fastest = fastestOf[0];
      double nanosPerDoc = fastest / (double) retrievals;
      progress.printf(
          Locale.ROOT,
          "stored fields: %.0f ns per document read (checksum %d)%n",
          nanosPerDoc,
          reads.checksum());
      return new Retrieved(reader.leaves().size(), nanosPerDoc);
    }
  }

  /** Writes the index afresh; the number of documents. */
  private static long index(StoredFieldsSpec s, StoredFieldsMode mode, long maxDocs, Directory dir)
      throws IOException {
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            .setCodec(DefaultCodecWithMode.create(mode))
            .setMergeScheduler(new SerialMergeScheduler())
            .setMaxBufferedDocs(s.maxBufferedDocs())
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
      for (LineDoc line = lines.next(); line != null && docs < maxDocs; line = lines.next()) {
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
