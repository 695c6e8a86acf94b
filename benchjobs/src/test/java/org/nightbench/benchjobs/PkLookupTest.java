package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/** pk-lookup on a small multi-segment europarl index, some of whose docs are then deleted. */
class PkLookupTest {

  private static final int DOCS = 600;

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path index;

  @BeforeAll
  static void indexAndDelete() throws IOException {
    Path corpus = Europarl.copyTo(shared);
    index = shared.resolve("index");
    IndexingBenchmark.run(
        new IndexSpec(
            corpus,
            index,
            (long) DOCS,
            16.0,
            1,
            "pk",
            0,
            null,
            null,
            true,
            100,
            null,
            null,
            null,
            null),
        Europarl.quiet());
    try (FSDirectory dir = FSDirectory.open(index);
        IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      for (int id = 0; id < DOCS; id += 7) {
        w.deleteDocuments(new Term(BenchmarkDocuments.ID, Integer.toString(id)));
      }
    }
  }

  private static String[] args(Path out, String... extra) {
    return args(index, out, extra);
  }

  private static String[] args(Path indexDir, Path out, String... extra) {
    List<String> a =
        new java.util.ArrayList<>(
            List.of("pk-lookup", "--index-dir", indexDir.toString(), "--out", out.toString()));
    a.addAll(List.of(extra));
    return a.toArray(String[]::new);
  }

  @Test
  void bothSeriesFindEveryLiveId() throws IOException {
    Path out = tmp.resolve("pk.json");
    // More lookups than live ids: the sequential series visits every one, wrapping.
    Europarl.Cli c =
        cli(
            args(
                out,
                "--lookups",
                Integer.toString(DOCS),
                "--min-batch-seconds",
                "0",
                "--batches",
                "3",
                "--warmup-batches",
                "1",
                "--seed",
                "7"));
    assertThat(c.err()).isEmpty();
    assertThat(c.code()).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.command()).isEqualTo("pk-lookup");
    assertThat(r.metrics()).extracting(Metric::task).containsExactly("sequential", "random");
    for (Metric m : r.metrics()) {
      assertThat(m.benchmark()).isEqualTo("pk");
      assertThat(m.name()).isEqualTo("lookupsPerSec");
      assertThat(m.higherIsBetter()).isTrue();
      assertThat(m.value()).isPositive().isFinite();
      assertThat((List<?>) m.detail().get("batches")).hasSize(3);
      assertThat(m.detail()).containsEntry("liveIds", DOCS - (DOCS + 6) / 7);
      assertThat((Integer) m.detail().get("segments")).isGreaterThan(1);
    }
  }

  @Test
  void indexWithoutIdsIsAOneLineError() throws IOException {
    Path noIds = tmp.resolve("noids");
    try (FSDirectory dir = FSDirectory.open(noIds);
        IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      Document d = new Document();
      d.add(new StringField("other", "x", Field.Store.NO));
      w.addDocument(d);
    }
    Path out = tmp.resolve("x.json");
    cli(args(noIds, out))
        .assertError("ERROR: index " + noIds + " has no live documents with an 'id'");
    cli(args(out, "--lookups", "0")).assertError("ERROR: lookups must be >= 1, got 0");
    cli(args(out, "--batches", "0")).assertError("ERROR: batches must be >= 1, got 0");
    cli(args(out, "--min-batch-seconds", "-1"))
        .assertError("ERROR: min-batch-seconds must be >= 0 and <= 3600, got -1.0");
    cli(args(tmp.resolve("none"), out))
        .assertError("ERROR: index " + tmp.resolve("none") + " does not exist");
  }
}
