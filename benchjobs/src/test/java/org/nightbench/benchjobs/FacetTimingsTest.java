package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/** {@code facet-timings}: the high-cardinality facet figures, taxonomy and SSDV, as metrics. */
class FacetTimingsTest {

  private static final List<String> OPERATIONS =
      List.of("countsMs", "allDimsMs", "topDimsMs", "topChildrenMs", "allChildrenMs");

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path index;

  @BeforeAll
  static void buildIndex() throws IOException {
    index = shared.resolve("index");
    Europarl.index(Europarl.corpus(shared), index, 1000);
  }

  @Test
  void everyOperationOfBothKindsBecomesAMetric() throws IOException {
    Path out = tmp.resolve("facets.json");
    Europarl.Cli run =
        cli(
            "facet-timings",
            "--index-dir",
            index.toString(),
            "--repetitions",
            "5",
            "--warmup",
            "2",
            "--out",
            out.toString());
    assertThat(run.code()).as(run.err()).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.notes()).isEmpty();
    assertThat(r.metrics()).hasSize(10);
    for (String task : List.of("RandomLabel.sortedset", "RandomLabel.taxonomy")) {
      assertThat(r.metrics())
          .filteredOn(m -> m.task().equals(task))
          .extracting(Metric::name)
          .containsExactlyElementsOf(OPERATIONS);
    }
    for (Metric m : r.metrics()) {
      assertThat(m.benchmark()).isEqualTo("facets");
      assertThat(m.unit()).isEqualTo("ms");
      assertThat(m.higherIsBetter()).isFalse();
      assertThat(m.value()).as(m.task() + "/" + m.name()).isPositive();
      // About one label per document at this size: the dimension is high-cardinality.
      assertThat(((Number) m.detail().get("labels")).intValue()).isGreaterThan(900);
    }
  }

  @Test
  void anIndexWithoutFacetsAndBadSettingsAreOneLineErrors() throws IOException {
    Path bare = tmp.resolve("bare");
    try (FSDirectory dir = FSDirectory.open(bare);
        IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      Document d = new Document();
      d.add(new TextField("body", "brown", Field.Store.NO));
      w.addDocument(d);
    }
    Path out = tmp.resolve("x.json");
    cli("facet-timings", "--index-dir", bare.toString(), "--out", out.toString())
        .assertError("ERROR: index " + bare + " has no RandomLabel facet dimension");
    cli(
            "facet-timings",
            "--index-dir",
            index.toString(),
            "--repetitions",
            "0",
            "--out",
            out.toString())
        .assertError("ERROR: repetitions must be >= 1, got 0");
    cli("facet-timings", "--index-dir", tmp.resolve("none").toString(), "--out", out.toString())
        .assertError("ERROR: index " + tmp.resolve("none") + " does not exist");
  }
}
