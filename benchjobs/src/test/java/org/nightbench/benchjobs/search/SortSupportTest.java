package org.nightbench.benchjobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.search.SortedSetSortField;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.protocol.tasks.Task;

/**
 * The sort prefixes on the three index layouts the harness meets: its own (luceneutil's names since
 * issue 30), one laid out as luceneutil's indexer writes it, and one of before issue 30 ({@code
 * titleDV}, {@code datenum} ...); and luceneutil's {@code +searchAfter=N}.
 */
class SortSupportTest {

  private static final String[] TITLES = {"delta", "alpha", "charlie", "bravo"};
  private static final String[] MONTHS = {"March", "January", "December", "May"};
  private static final int[] DAYS = {70, 5, 340, 130};
  private static final long[] MILLIS = {1_000L, 4_000L, 2_000L, 3_000L};

  private interface Layout {
    void add(Document doc, int i);
  }

  /** luceneutil's BenchDoc with addDVFields: KeywordField, IntField, LongField, numeric id. */
  private static void luceneutil(Document doc, int i) {
    doc.add(new StringField("title", TITLES[i], Field.Store.NO));
    doc.add(new SortedSetDocValuesField("title", new BytesRef(TITLES[i])));
    doc.add(new BinaryDocValuesField("titleBDV", new BytesRef(TITLES[i])));
    doc.add(new StringField("month", MONTHS[i], Field.Store.NO));
    doc.add(new SortedSetDocValuesField("month", new BytesRef(MONTHS[i])));
    doc.add(new IntPoint("dayOfYear", DAYS[i]));
    doc.add(new SortedNumericDocValuesField("dayOfYear", DAYS[i]));
    doc.add(new LongPoint("lastMod", MILLIS[i]));
    doc.add(new SortedNumericDocValuesField("lastMod", MILLIS[i]));
    doc.add(new NumericDocValuesField("id", i));
  }

  /** What this harness wrote before issue 30. */
  private static void legacy(Document doc, int i) {
    doc.add(new TextField("title", TITLES[i], Field.Store.NO));
    doc.add(new SortedDocValuesField("titleDV", new BytesRef(TITLES[i])));
    doc.add(new SortedDocValuesField("monthSortedDV", new BytesRef(MONTHS[i])));
    doc.add(new NumericDocValuesField("dayOfYearNumericDV", DAYS[i]));
    doc.add(new LongPoint("datenum", MILLIS[i]));
    doc.add(new NumericDocValuesField("datenum", MILLIS[i]));
  }

  private static Directory index(Layout layout) throws IOException {
    Directory dir = new ByteBuffersDirectory();
    try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      for (int i = 0; i < TITLES.length; i++) {
        Document doc = new Document();
        doc.add(new TextField("body", "common words", Field.Store.NO));
        layout.add(doc, i);
        w.addDocument(doc);
      }
    }
    return dir;
  }

  /** The first sort value of each hit of {@code text}, in the order the task returns them. */
  private static List<Object> sorted(DirectoryReader r, String text) throws Exception {
    IndexSearcher searcher = SearchBenchmark.searcher(r);
    try (TaskCompiler c = new TaskCompiler(r, 10)) {
      CompiledTask t = c.compile(new Task("S", text, null, 1));
      ScoreDoc[] hits =
          t instanceof SearchAfterTask after
              ? after.page(searcher).scoreDocs
              : searcher.search(
                      new org.apache.lucene.search.MatchAllDocsQuery(),
                      10,
                      new org.apache.lucene.search.Sort(
                          new SortSupport(FieldInfos.getMergedFieldInfos(r))
                              .sort(text.substring(0, text.indexOf("//")))))
                  .scoreDocs;
      assertThat(t.check(searcher).hits()).isEqualTo(TITLES.length);
      return Arrays.stream(hits).map(h -> (Object) ((FieldDoc) h).fields[0]).toList();
    }
  }

  @Test
  void onAnIndexLaidOutAsLuceneutilsEachSortReadsItsField() throws Exception {
    try (Directory dir = index(SortSupportTest::luceneutil);
        DirectoryReader r = DirectoryReader.open(dir)) {
      SortSupport sorts = new SortSupport(FieldInfos.getMergedFieldInfos(r));
      assertThat(sorts.sort("titledvsort")).isInstanceOf(SortedSetSortField.class);
      assertThat(sorts.sort("monthdvsort").getField()).isEqualTo("month");
      SortField day = sorts.sort("dayofyeardvsort");
      assertThat(day).isInstanceOf(SortedNumericSortField.class);
      assertThat(((SortedNumericSortField) day).getNumericType()).isEqualTo(SortField.Type.INT);
      assertThat(sorts.sort("lastmodndvsort").getField()).isEqualTo("lastMod");
      assertThat(sorted(r, "titledvsort//common"))
          .containsExactly(
              new BytesRef("alpha"),
              new BytesRef("bravo"),
              new BytesRef("charlie"),
              new BytesRef("delta"));
      assertThat(sorted(r, "dayofyeardvsort//common")).containsExactly(5, 70, 130, 340);
      assertThat(sorted(r, "lastmodndvsort//common"))
          .containsExactly(1_000L, 2_000L, 3_000L, 4_000L);
    }
  }

  @Test
  void onAnIndexOfBeforeTheRenameTheOldFieldsServeBothSpellings() throws Exception {
    try (Directory dir = index(SortSupportTest::legacy);
        DirectoryReader r = DirectoryReader.open(dir);
        TaskCompiler c = new TaskCompiler(r, 10)) {
      SortSupport sorts = new SortSupport(FieldInfos.getMergedFieldInfos(r));
      assertThat(sorts.sort("titledvsort").getField()).isEqualTo("titleDV");
      assertThat(sorts.sort("monthdvsort").getField()).isEqualTo("monthSortedDV");
      assertThat(sorts.sort("dayofyeardvsort").getField()).isEqualTo("dayOfYearNumericDV");
      assertThat(sorted(r, "lastmodndvsort//common"))
          .containsExactly(1_000L, 2_000L, 3_000L, 4_000L);
      IndexSearcher searcher = SearchBenchmark.searcher(r);
      // A task naming the new field finds the old one, and the reverse on a new index (below).
      assertThat(c.compile(new Task("R", "nrq//lastMod 1500 3500", null, 1)).check(searcher).hits())
          .isEqualTo(2);
      assertThat(
              c.compile(new Task("D", "dvrange//lastMod 1500 3500", null, 1))
                  .check(searcher)
                  .hits())
          .isEqualTo(2);
    }
  }

  @Test
  void tasksNamingTheOldFieldsRunOnANewIndex() throws Exception {
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
        w.addDocument(
            BenchmarkDocuments.build(0, new LineDoc("t", "03-OCT-2007 20:08:53.000", "x", 1, 1)));
      }
      try (DirectoryReader r = DirectoryReader.open(dir);
          TaskCompiler c = new TaskCompiler(r, 10)) {
        IndexSearcher searcher = SearchBenchmark.searcher(r);
        assertThat(FieldInfos.getMergedFieldInfos(r).fieldInfo("datenum")).isNull();
        assertThat(
                c.compile(new Task("R", "nrq//datenum 0 9999999999999", null, 1))
                    .check(searcher)
                    .hits())
            .isEqualTo(1);
        assertThat(
                c.compile(new Task("D", "dvrange//datenum 0 9999999999999", null, 1))
                    .check(searcher)
                    .hits())
            .isEqualTo(1);
      }
    }
  }

  @Test
  void searchAfterAValueSkipsEveryHitUpToIt() throws Exception {
    try (Directory dir = index(SortSupportTest::luceneutil);
        DirectoryReader r = DirectoryReader.open(dir)) {
      assertThat(sorted(r, "dayofyeardvsort//common +searchAfter=70")).containsExactly(130, 340);
      assertThat(sorted(r, "dayofyeardvsort//common +searchAfter=69"))
          .containsExactly(70, 130, 340);
      assertThat(sorted(r, "lastmodndvsort//common +searchAfter=3000")).containsExactly(4_000L);
      assertThat(sorted(r, "lastmodndvsort//common +searchAfter=9000")).isEmpty();
      // The older bare spelling: the page after the first; with 10 a page, nothing is left.
      assertThat(sorted(r, "lastmodndvsort//common +searchAfter")).isEmpty();
    }
  }
}
