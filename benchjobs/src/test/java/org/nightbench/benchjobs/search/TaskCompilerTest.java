package org.nightbench.benchjobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.FacetFields;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.protocol.tasks.Task;

class TaskCompilerTest {

  private Directory dir;
  private DirectoryReader reader;
  private IndexSearcher searcher;
  private TaskCompiler compiler;

  @BeforeEach
  void indexThreeDocuments() throws IOException {
    dir = new ByteBuffersDirectory();
    try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      w.addDocument(doc(0, "alpha", "03-OCT-2007 20:08:53.000", "the quick brown fox"));
      w.addDocument(doc(1, "beta", "04-JAN-2008 01:00:00.000", "the lazy brown dog"));
      w.addDocument(doc(2, "gamma", "no date", "a quick dog"));
    }
    reader = DirectoryReader.open(dir);
    searcher = SearchBenchmark.searcher(reader);
    compiler = new TaskCompiler(reader, 10);
  }

  private static Document doc(long id, String title, String date, String body) {
    return BenchmarkDocuments.build(id, new LineDoc(title, date, body, id + 1, body.length()));
  }

  @AfterEach
  void close() throws IOException {
    compiler.close();
    reader.close();
    dir.close();
  }

  private long hits(String category, String text) throws Exception {
    return compiler.compile(new Task(category, text, null, 1)).check(searcher).hits();
  }

  private String unsupported(String category, String text) {
    try {
      compiler.compile(new Task(category, text, null, 1));
    } catch (UnsupportedTaskException e) {
      return e.getMessage();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("compiled: " + text);
  }

  @Test
  void everyPrefixRunsWhatItNames() throws Exception {
    assertThat(hits("HighTerm", "brown")).isEqualTo(2);
    assertThat(hits("CountTerm", "count(brown)")).isEqualTo(2);
    assertThat(hits("CountPhrase", "count(\"brown fox\")")).isEqualTo(1);
    assertThat(hits("HighSpanNear", "near//quick dog")).isEqualTo(1);
    assertThat(hits("HighIntervalsOrdered", "ordered//the dog")).isEqualTo(1);
    assertThat(hits("IntNRQ", "nrq//timesecnum 3601 86399")).isEqualTo(1);
    assertThat(hits("IntNRQ", "nrq//datenum 0 9999999999999")).isEqualTo(2);
    assertThat(hits("TermDTSort", "lastmodndvsort//brown")).isEqualTo(2);
    assertThat(hits("HighTermDayOfYearSort", "dayofyeardvsort//brown")).isEqualTo(2);
    assertThat(hits("BrowseMonthSSDVFacets", "*:* +facets:Month.sortedset")).isEqualTo(3);
    assertThat(hits("BrowseDateSSDVFacets", "*:* +facets:Date.sortedset")).isEqualTo(3);
    assertThat(hits("BrowseRandomLabelSSDVFacets", "*:* +facets:RandomLabel.sortedset"))
        .isEqualTo(3);
    assertThat(hits("TermMonthFacets", "quick +facets:Month.sortedset")).isEqualTo(2);
    assertThat(hits("PKLookup", "pk//2 0 7")).isEqualTo(2);
  }

  @Test
  void aLineWithoutADateStillHasItsRandomLabel() throws IOException {
    assertThat(documentsWith("RandomLabel.sortedset")).isEqualTo(3);
    assertThat(documentsWith("Month.sortedset")).as("gamma has no date").isEqualTo(2);
  }

  private int documentsWith(String dim) throws IOException {
    var state = new DefaultSortedSetDocValuesReaderState(reader, dim, FacetFields.config());
    return new SortedSetDocValuesFacetCounts(state).getTopChildren(10, dim).value.intValue();
  }

  @Test
  void sortedTopHashesTakeTheSortValuesNotTheScores() throws Exception {
    Outcome byTitle =
        compiler.compile(new Task("S", "titledvsort//brown", null, 1)).check(searcher);
    Outcome again = compiler.compile(new Task("S", "titledvsort//brown", null, 1)).check(searcher);
    Outcome byScore = compiler.compile(new Task("HighTerm", "brown", null, 1)).check(searcher);
    // Sorted hits have no scores: their sort values, which tell alpha from beta, are hashed.
    assertThat(byTitle.topHash()).isEqualTo(again.topHash());
    assertThat(byTitle.topHash()).isNotEqualTo(byScore.topHash());
    assertThat(byTitle.hits()).isEqualTo(byScore.hits());
  }

  @Test
  void whatThisHarnessOrIndexLacksIsUnsupported() {
    assertThat(unsupported("TermBGroup1M", "groupblock//brown"))
        .isEqualTo("index was not built in document blocks (no 'groupend' field)");
    assertThat(unsupported("X", "count(group100//brown)"))
        .isEqualTo("'group100//' queries are not supported");
    assertThat(unsupported("X", "count(brown"))
        .isEqualTo("count(...) must enclose the whole query");
    assertThat(unsupported("X", "*:* +facets:Date.taxonomy"))
        .isEqualTo("facet dimension 'Date.taxonomy': the index has no taxonomy beside it");
    assertThat(unsupported("X", "*:* +facets:Title.sortedset"))
        .isEqualTo("facet dimension 'Title.sortedset' is not indexed");
    assertThat(unsupported("X", "*:* +facets:Month"))
        .isEqualTo(
            "facets 'Month': expected taxonomy:Dim or sortedset:Dim (or the older Dim.taxonomy,"
                + " Dim.sortedset)");
    assertThat(unsupported("X", "*:* +facets:taxonomy:Date"))
        .isEqualTo("facet dimension 'Date.taxonomy': the index has no taxonomy beside it");
    assertThat(unsupported("X", "*:* +during_collection_facets:sortedset:Month"))
        .isEqualTo("during-collection faceting (+during_collection_facets:) is not supported");
    assertThat(unsupported("X", "brown +constantScore +frobnicate=3"))
        .isEqualTo("option '+frobnicate=' is not supported");
    assertThat(unsupported("X", "titledvsort//brown +searchAfter=3"))
        .isEqualTo("+searchAfter=N needs an int or long sort; 'title' sorts STRING");
    assertThat(unsupported("X", "brown +drillSideways"))
        .isEqualTo("'+drillSideways' is not supported");
    assertThat(unsupported("X", "nrq//title 1 2"))
        .isEqualTo("index has no one-dimensional point field 'title'");
  }

  @Test
  void aBareIndexLacksTheDocValuesFieldsSortsNeed() throws Exception {
    try (Directory bare = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(bare, new IndexWriterConfig(new StandardAnalyzer()))) {
        Document d = new Document();
        d.add(new TextField("body", "brown", Field.Store.NO));
        w.addDocument(d);
      }
      try (DirectoryReader r = DirectoryReader.open(bare);
          TaskCompiler c = new TaskCompiler(r, 10)) {
        assertThatThrownBy(() -> c.compile(new Task("S", "titledvsort//brown", null, 1)))
            .isInstanceOf(UnsupportedTaskException.class)
            .hasMessage("index has no doc values field 'title'");
        assertThatThrownBy(() -> c.compile(new Task("F", "*:* +facets:Month.sortedset", null, 1)))
            .isInstanceOf(UnsupportedTaskException.class)
            .hasMessage("facet dimension 'Month.sortedset' is not indexed");
        assertThat(c.hashesByKey()).isFalse();
      }
    }
  }

  /**
   * One task per operator the compiler knows, well formed, for {@link
   * #onABareIndexEveryOperatorRunsOrIsSkippedWithOneLine}: category, then the task's text.
   */
  private static final String[][] EVERY_OPERATOR = {
    {"Term", "brown"},
    {"Phrase", "\"brown dog\""},
    {"SloppyPhrase", "\"brown dog\"~4"},
    {"Fuzzy2", "brwn~2"},
    {"Prefix3", "bro*"},
    {"Wildcard", "b*n"},
    {"Respell", "brwn"},
    {"CountTerm", "count(brown)"},
    {"SpanNear", "near//brown dog"},
    {"IntervalsOrdered", "ordered//brown dog"},
    {"IntNRQ", "nrq//timesecnum 1 2"},
    {"IntSet", "intSet//timesecnum 1 2"},
    {"DVRange", "dvrange//datenum 1 2"},
    {"ConstTerm", "const//brown"},
    {"MSM", "brown dog +minShouldMatch=2"},
    {"Filtered", "brown +filter=5%"},
    {"Dismax", "brown +dismaxFields=titleTokenized,body"},
    {"Combined", "brown +combinedFields=titleTokenized^8.0,body"},
    {"TitleSort", "titledvsort//brown"},
    {"TitleBDVSort", "titlebdvsort//brown"},
    {"MonthSort", "monthdvsort//brown"},
    {"DayOfYearSort", "dayofyeardvsort//brown"},
    {"DateTimeSort", "lastmodndvsort//brown"},
    {"TitleSkipper", "titledvskippersort//brown"},
    {"MonthSkipper", "monthdvskippersort//brown"},
    {"DayOfYearSkipper", "dayofyeardvskippersort//brown"},
    {"DateTimeSkipper", "lastmodndvskippersort//brown"},
    {"DateTimeSkipperAfter", "lastmodndvskippersort//brown +searchAfter"},
    {"TitleSkipperNow", "titleskippersort//brown"},
    {"MonthSkipperNow", "monthskippersort//brown"},
    {"DayOfYearSkipperNow", "dayofyearskippersort//brown"},
    {"DateTimeSkipperNow", "lastmodskippersort//brown"},
    {"DateTimeSkipperAfterValue", "lastmodskippersort//brown +searchAfter=1335623810000"},
    {"DayOfYearSortAfterValue", "dayofyeardvsort//brown +searchAfter=330"},
    {"ConstantScore", "brown dog +constantScore"},
    {"TaxoFacetsNow", "*:* +facets:taxonomy:Month"},
    {"SSDVFacetsNow", "brown +facets:sortedset:Month"},
    {"PostFacetsNow", "brown +post_collection_facets:sortedset:Month"},
    {"Group100", "group100//brown"},
    {"Group10K", "group10K//brown"},
    {"Group1M", "group1M//brown"},
    {"BGroup", "groupblock//brown"},
    {"BGroup1P", "groupblock1pass//brown"},
    {"TaxoFacets", "*:* +facets:Month.taxonomy"},
    {"SSDVFacets", "brown +facets:Month.sortedset"},
    {"PKLookup", "pk//1 2"},
    {"Vector", "vector//brown dog"},
  };

  /**
   * A task the index cannot serve is skipped with a one-line note, never a crash: an index of
   * nothing but a body field can serve the plain queries and nothing that needs another field.
   */
  @Test
  void onABareIndexEveryOperatorRunsOrIsSkippedWithOneLine() throws Exception {
    try (Directory bare = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(bare, new IndexWriterConfig(new StandardAnalyzer()))) {
        for (String body : new String[] {"the quick brown fox", "the lazy brown dog"}) {
          Document d = new Document();
          d.add(new TextField("body", body, Field.Store.NO));
          w.addDocument(d);
        }
      }
      List<Task> tasks = new ArrayList<>();
      for (String[] t : EVERY_OPERATOR) {
        tasks.add(new Task(t[0], t[1], null, tasks.size() + 1));
      }
      try (DirectoryReader r = DirectoryReader.open(bare)) {
        TaskPlan plan = TaskPlan.build(SearchBenchmark.searcher(r), tasks, "bare", 10);
        assertThat(plan.tasks())
            .extracting(Task::category)
            .containsExactly(
                "Term",
                "Phrase",
                "SloppyPhrase",
                "Fuzzy2",
                "Prefix3",
                "Wildcard",
                "Respell",
                "CountTerm",
                "SpanNear",
                "IntervalsOrdered",
                "ConstTerm",
                "MSM",
                "ConstantScore");
        assertThat(plan.notes()).hasSize(EVERY_OPERATOR.length - plan.tasks().size());
        assertThat(plan.notes()).allSatisfy(n -> assertThat(n).doesNotContain("\n"));
        assertThat(plan.notes())
            .allSatisfy(n -> assertThat(n).matches("skipped \\w+ \\(1 of 1 tasks\\): .+"));
        // No note is a bare exception: each names what the index lacks or the harness lacks.
        assertThat(plan.notes()).noneMatch(n -> n.contains("Exception"));
        assertThat(plan.notes())
            .contains("skipped PKLookup (1 of 1 tasks): index has no indexed key field 'id'");
      }
    }
  }

  /**
   * A malformed task is the file's fault, not the index's: every operator answers it with a
   * one-line error naming the problem (which fails the run), never another exception.
   */
  @Test
  void malformedTextOfEveryOperatorIsAOneLineError() {
    for (String bad :
        new String[] {
          "ordered//brown",
          "near//a b c",
          "nrq//timesecnum 1",
          "nrq//timesecnum 1 x",
          "intSet//timesecnum",
          "dvrange//datenum x 2",
          "const//\"unclosed",
          "titledvsort//(brown",
          "group100//\"unclosed",
          "count(\"unclosed)",
          "\"unclosed +facets:Month.sortedset",
          "brown +filter=150%",
          "brown +minShouldMatch=x",
          "brown +searchAfter",
          "brown +searchAfter=5",
          "dayofyeardvsort//brown +searchAfter=x",
          "dayofyeardvsort//brown +searchAfter=99999999999",
          "pk//1 +filter=5%"
        }) {
      assertThatThrownBy(() -> compiler.compile(new Task("Bad", bad, null, 1)))
          .as(bad)
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .satisfies(e -> assertThat(e.getMessage()).as(bad).isNotBlank().doesNotContain("\n"));
    }
  }

  @Test
  void malformedTaskTextIsAnError() {
    assertThatThrownBy(() -> compiler.compile(new Task("N", "near//brown", null, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected near//a b, got 1 words");
    assertThatThrownBy(() -> compiler.compile(new Task("R", "nrq//datenum a 2", null, 1)))
        .hasMessage("not a whole number: 'a'");
    assertThatThrownBy(() -> compiler.compile(new Task("P", "\"unclosed", null, 1)))
        .hasMessageStartingWith("cannot parse query '\"unclosed': ");
  }
}
