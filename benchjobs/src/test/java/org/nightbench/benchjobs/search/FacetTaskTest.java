package org.nightbench.benchjobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.TaxonomyIndex;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.protocol.tasks.Task;

/** Facet answers are the same for the same documents, whatever order they were indexed in. */
class FacetTaskTest {

  private static final int DOCS = 60;

  @TempDir Path tmp;

  /** The same documents added first to last, or last to first (as two indexing threads may). */
  private Path index(String name, boolean reversed) throws IOException {
    Path dir = tmp.resolve(name);
    try (FSDirectory main = FSDirectory.open(dir);
        IndexWriter w = new IndexWriter(main, new IndexWriterConfig(new StandardAnalyzer()));
        TaxonomyIndex taxonomy =
            TaxonomyIndex.open(FSDirectory.open(TaxonomyIndex.dirOf(dir)), true)) {
      for (int i : IntStream.range(0, DOCS).toArray()) {
        int id = reversed ? DOCS - 1 - i : i;
        String date = (1 + id % 28) + "-MAR-2009 10:00:00.000";
        LineDoc line = new LineDoc("t" + id, date, "word w" + (id % 3), id + 1, 10);
        w.addDocument(BenchmarkDocuments.build(id, line, taxonomy));
      }
      taxonomy.commit();
      w.commit();
    }
    return dir;
  }

  private static String topHash(Path index, String query) throws Exception {
    try (FSDirectory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir);
        TaskCompiler compiler = new TaskCompiler(reader, 10)) {
      Outcome o =
          compiler.compile(new Task("F", query, null, 1)).check(SearchBenchmark.searcher(reader));
      return o.hits() + " " + o.topHash();
    }
  }

  @Test
  void tiesAreBrokenByLabelNotByTaxonomyOrdinal() throws Exception {
    Path forward = index("forward", false);
    Path backward = index("backward", true);
    // Every label counts 1 and days tie in threes: the top ten are all ties.
    for (String query :
        new String[] {
          "*:* +facets:RandomLabel.taxonomy",
          "*:* +facets:RandomLabel.sortedset",
          "w1 +facets:DayOfYear.taxonomy",
          "*:* +facets:Date.taxonomy"
        }) {
      assertThat(topHash(backward, query)).as(query).isEqualTo(topHash(forward, query));
    }
    assertThat(topHash(forward, "*:* +facets:RandomLabel.taxonomy"))
        .isNotEqualTo(topHash(forward, "w1 +facets:RandomLabel.taxonomy"));
  }
}
