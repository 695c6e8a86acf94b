package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.Term;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.Outcome;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * The operators of luceneutil's nightly that issue 15 added, on a small index built by the harness
 * (so in blocks): filters, minimum-should-match, int sets, doc-values ranges, grouping, and the
 * skipper sorts that only 10.x can serve.
 */
class NightlyOperatorsTest {

  private static final int DOCS = 2000;

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;
  private static Path index;

  @BeforeAll
  static void index() throws IOException {
    corpus = Europarl.corpus(shared);
    index = shared.resolve("index");
    Europarl.index(corpus, index, DOCS);
  }

  private static TaskPlan plan(String... lines) throws IOException {
    List<Task> parsed = TaskFileParser.parse(List.of(lines), "test");
    try (Indexes.Opened opened = Indexes.open(index)) {
      return TaskPlan.build(SearchBenchmark.searcher(opened.reader()), parsed, "test", 10);
    }
  }

  private static List<Long> hits(String... lines) throws IOException {
    TaskPlan plan = plan(lines);
    assertThat(plan.notes()).isEmpty();
    return plan.outcomes().stream().map(Outcome::hits).toList();
  }

  @Test
  void aFilterKeepsOneDocumentInEveryIntervalOfCorpusIds() throws IOException {
    List<Long> h =
        hits(
            "All: *:* +filter=5%",
            "All: *:* +filter=10%",
            "All: *:* +filter=100%",
            "HighTerm: commission",
            "FilteredTerm: commission +filter=5%",
            "CountFilteredTerm: count(commission +filter=5%)",
            "FilteredIntNRQ: nrq//datenum 0 9999999999999 +filter=5%",
            "FilteredPhrase: \"european union\" +filter=50%");
    // 2,000 ids in intervals of 20 and 10: exactly one kept per interval, whatever the doc ids.
    assertThat(h.subList(0, 3)).containsExactly(100L, 200L, (long) DOCS);
    assertThat(h.get(4)).isPositive().isLessThan(h.get(3));
    assertThat(h.get(5)).isEqualTo(h.get(4));
    assertThat(h.get(6)).isEqualTo(100);
    assertThat(h.get(7)).isPositive();
  }

  @Test
  void dismaxAndCombinedFieldsSearchTitleAndBody() throws IOException {
    List<Long> h =
        hits(
            "HighTerm: commission",
            "Either: commission titleTokenized:commission",
            "DismaxTerm: commission +dismaxFields=titleTokenized,body",
            "CombinedTerm: commission +combinedFields=titleTokenized^8.0,body",
            "FilteredDismaxTerm: commission +dismaxFields=titleTokenized,body +filter=5%",
            "CombinedAndHighHigh: +commission +european +combinedFields=titleTokenized^8.0,body",
            "CombinedOr: commission european +combinedFields=titleTokenized^8.0,body",
            "Count: count(commission +dismaxFields=titleTokenized,body)");
    assertThat(h.get(1)).isGreaterThanOrEqualTo(h.get(0));
    assertThat(h.get(2)).isEqualTo(h.get(1));
    assertThat(h.get(3)).isEqualTo(h.get(1));
    assertThat(h.get(4)).isPositive().isLessThan(h.get(2));
    assertThat(h.get(5)).isPositive().isLessThan(h.get(6));
    assertThat(h.get(7)).isEqualTo(h.get(2));
  }

  @Test
  void filtersKeepTheSameDocumentsInAnotherBuildOfTheCorpus() throws IOException {
    // Two threads and a tiny buffer: other doc ids, other segments, the same corpus ids.
    Path other = tmp.resolve("other");
    IndexingBenchmark.run(
        new IndexSpec(
            corpus,
            other,
            (long) DOCS,
            0.5,
            2,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        Europarl.quiet());
    String[] lines = {
      "FilteredTerm: commission +filter=5%",
      "FilteredOrHighHigh: commission parliament +filter=10%",
      "CountFilteredPhrase: count(\"european union\" +filter=20%)"
    };
    List<Outcome> here = plan(lines).outcomes();
    List<Outcome> there;
    try (Indexes.Opened opened = Indexes.open(other)) {
      assertThat(opened.reader().leaves()).hasSizeGreaterThan(1);
      there =
          TaskPlan.build(
                  SearchBenchmark.searcher(opened.reader()),
                  TaskFileParser.parse(List.of(lines), "test"),
                  "test",
                  10)
              .outcomes();
    }
    assertThat(there).isEqualTo(here);
  }

  @Test
  void minShouldMatchConstantScoreAndIntSets() throws IOException {
    List<Long> h =
        hits(
            "Or: commission parliament council",
            "BM25MSM2: commission parliament council +minShouldMatch=2",
            "ConstMSM2: const//commission parliament council +minShouldMatch=2",
            "And: +commission +parliament +council",
            "IntSet: intSet//timesecnum 0 17 86399",
            "IntSet: intSet//timesecnum 17 86399");
    assertThat(h.get(1)).isLessThan(h.get(0)).isGreaterThanOrEqualTo(h.get(3));
    assertThat(h.get(2)).isEqualTo(h.get(1));
    assertThat(h.get(4)).as("europarl's dates carry no time: second 0").isEqualTo(DOCS);
    assertThat(h.get(5)).isZero();
  }

  @Test
  void docValuesRangesOnPlainDocValuesRunOnEveryRelease() throws IOException {
    List<Long> h =
        hits(
            "DVRange: dvrange//datenum 0 9999999999999",
            "NRQ: nrq//datenum 0 9999999999999",
            "HighTerm: commission",
            "TermWithDVRange: dvrange//datenum 0 9999999999999 commission");
    assertThat(h.get(0)).isEqualTo(h.get(1)).isEqualTo(DOCS);
    assertThat(h.get(3)).isEqualTo(h.get(2));
  }

  /**
   * luceneutil's {@code +dvRangeFilter=field,min,max}: the query's hits whose doc values lie in
   * [min, max], counted here independently from the postings and doc values; the same as this
   * harness's older {@code dvrange//field min max term}.
   */
  @Test
  void aDocValuesRangeFilterKeepsTheHitsWhoseValueIsInTheRange() throws IOException {
    List<Long> values = new ArrayList<>();
    Map<Long, Integer> perValue = new TreeMap<>();
    try (Indexes.Opened opened = Indexes.open(index)) {
      for (LeafReaderContext leaf : opened.reader().leaves()) {
        PostingsEnum postings =
            leaf.reader().postings(new Term(BenchmarkDocuments.BODY, "commission"));
        SortedNumericDocValues lastMod =
            DocValues.getSortedNumeric(leaf.reader(), BenchmarkDocuments.LAST_MOD);
        for (int doc = postings.nextDoc();
            doc != PostingsEnum.NO_MORE_DOCS;
            doc = postings.nextDoc()) {
          assertThat(lastMod.advanceExact(doc)).isTrue();
          long v = lastMod.nextValue();
          values.add(v);
          perValue.merge(v, 1, Integer::sum);
        }
      }
    }
    values.sort(null);
    long min = values.get(values.size() / 4);
    long max = values.get(values.size() * 3 / 4);
    long expected =
        perValue.entrySet().stream()
            .filter(e -> e.getKey() >= min && e.getKey() <= max)
            .mapToLong(Map.Entry::getValue)
            .sum();
    List<Long> h =
        hits(
            "HighTerm: commission",
            "TermWithDVRangeLastMod: commission +dvRangeFilter=lastMod," + min + "," + max,
            "TermWithDVRange: dvrange//lastMod " + min + " " + max + " commission",
            "CountTermWithDVRange: count(commission +dvRangeFilter=lastMod,"
                + min
                + ","
                + max
                + ")");
    assertThat(expected).isPositive().isLessThan(h.get(0));
    assertThat(h.subList(1, 4)).containsOnly(expected);
  }

  @Test
  void groupingByFieldAndByBlockSeesEveryHit() throws IOException {
    TaskPlan plan =
        plan(
            "HighTerm: commission",
            "TermGroup100: group100//commission",
            "TermGroup10K: group10K//commission",
            "TermGroup1M: group1M//commission",
            "TermBGroup1M: groupblock//commission",
            "TermBGroup1M1P: groupblock1pass//commission",
            "FilteredGroup: group100//commission +filter=50%");
    assertThat(plan.notes()).isEmpty();
    List<Outcome> o = plan.outcomes();
    long commission = o.get(0).hits();
    for (Outcome grouped : o.subList(1, 6)) {
      assertThat(grouped.hits()).isEqualTo(commission);
    }
    // The answer of a grouping task is its hit count: which groups make the top follows doc ids
    // when scores tie, which two builds of one corpus do not share (see GroupingTask.check).
    assertThat(o.get(1).topHash()).isEqualTo(o.get(3).topHash());
    assertThat(o.get(6).hits()).isPositive().isLessThan(commission);
  }

  @Test
  void skipperTasksOn9xAreSkippedNamingTheRelease() throws IOException {
    TaskPlan plan =
        plan(
            "TermDayOfYearSortSkipper: dayofyeardvskippersort//commission",
            "TermDateTimeSkipperSearchAfter: lastmodndvskippersort//commission +searchAfter",
            "DVRangeNarrow: dvrange//lastMod_skipper 0 9999999999999",
            "TermWithDVRangeLastMod: commission +dvRangeFilter=lastMod_skipper,0,9999999999999",
            "HighTerm: commission");
    assertThat(plan.outcomes()).hasSize(1);
    assertThat(plan.notes())
        .hasSize(4)
        .allSatisfy(
            n ->
                assertThat(n)
                    .contains("Lucene 9.12.3 has no doc-values skippers")
                    .contains("Lucene 10.0"));
  }

  @Test
  void badOptionsAreOneLineErrors() throws IOException {
    for (String[] bad :
        new String[][] {
          {"commission +filter=0%", "filter percentage must be in (0, 100], got 0.0"},
          {"commission +filter=abc%", "expected ' +filter=N%' with 0 < N <= 100"},
          {"commission +minShouldMatch=x", "expected ' +minShouldMatch=N' with N a whole number"},
          {"commission +minShouldMatch=2", "+minShouldMatch= needs a boolean query"},
          {"intSet//timesecnum", "expected intSet//field n1 n2 ..., got 1 words"},
          {"intSet//timesecnum 1 x", "not a whole number: 'x'"},
          {"dvrange//datenum 1", "expected dvrange//field min max [term], got 2 words"},
          {"commission +dvRangeFilter=lastMod,1", "line 1: expected +dvRangeFilter=field,min,max"},
          {"commission +dvRangeFilter=lastMod,a,2", "line 1: not a whole number: 'a'"},
          {"commission +dvRangeFilter=", "line 1: expected +dvRangeFilter=field,min,max"},
          {"commission +searchAfter", "+searchAfter needs a sorted query"},
          {"pk//1 2 +filter=5%", "+filter= does not apply to pk//"},
          {"\"a b\" +combinedFields=titleTokenized,body", "takes single words"}
        }) {
      Path file = tmp.resolve("bad.tasks");
      Files.writeString(file, "Bad: " + bad[0] + "\n", StandardCharsets.UTF_8);
      Europarl.Cli c = Europarl.cli(searchArgs(file, tmp.resolve("bad.json")));
      c.assertError("ERROR: ");
      assertThat(c.err()).as(bad[0]).contains(bad[1]);
    }
  }

  @Test
  void fieldsTheIndexLacksAreNotedNotFatal() throws IOException {
    TaskPlan plan =
        plan(
            "G: group100K//commission",
            "R: dvrange//title 1 2",
            "S: intSet//title 1 2",
            "HighTerm: commission");
    assertThat(plan.notes())
        .containsExactly(
            "skipped G (1 of 1 tasks): index has no sorted doc values group field 'group100K'",
            "skipped R (1 of 1 tasks): index has no numeric doc values field 'title'",
            "skipped S (1 of 1 tasks): index has no one-dimensional int or long point field"
                + " 'title'");
  }

  @Test
  void everyNewCategoryIsGeneratedOrNotedOn9x() throws IOException {
    Path tasks = tmp.resolve("generated.tasks");
    Europarl.Cli c =
        Europarl.cli(
            "generate-tasks",
            "--index-dir",
            index.toString(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "11",
            "--per-category",
            "1",
            "--out",
            tasks.toString());
    assertThat(c.err()).isEmpty();
    List<String> lines = Files.readAllLines(tasks);
    List<String> categories =
        HarnessTasks.CATEGORIES.subList(
            HarnessTasks.CATEGORIES.indexOf("FilteredTerm"),
            HarnessTasks.CATEGORIES.indexOf("TermBGroup1M1P") + 1);
    for (String category : categories) {
      boolean skipper = HarnessTasks.SKIPPER_CATEGORIES.contains(category);
      if (skipper) {
        assertThat(lines)
            .as(category)
            .anyMatch(l -> l.contains("no task for " + category + ": Lucene 9.12.3 has no"));
      } else {
        assertThat(lines).as(category).anyMatch(l -> l.startsWith(category + ": "));
      }
    }
    assertThat(lines)
        .anyMatch(
            l ->
                l.contains("group fields (distinct values): group100=100/100 group10K=2000/10000"));
    // The run page shows the search result's notes: the categories without tasks are among them.
    Path out = tmp.resolve("generated.json");
    Europarl.Cli search = Europarl.cli(searchArgs(tasks, out));
    assertThat(search.err()).isEmpty();
    List<String> notes = ResultWriter.read(out).notes();
    assertThat(notes).hasSize(HarnessTasks.SKIPPER_CATEGORIES.size());
    for (String category : HarnessTasks.SKIPPER_CATEGORIES) {
      assertThat(notes)
          .anyMatch(
              n ->
                  n.startsWith(
                      "skipped "
                          + category
                          + " (no task generated): Lucene 9.12.3 has no doc-values skippers"
                          + " (DocValuesSkipper arrived in Lucene 10.0)"));
    }
  }

  @Test
  void on10xSkipperSortsSearchAfterAndRangesRun() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    HarnessResult r =
        forkedSearch(
            lucene.get(),
            "TermTitleSortSkipper: titledvskippersort//commission",
            "TermMonthSortSkipper: monthdvskippersort//commission",
            "TermDayOfYearSortSkipper: dayofyeardvskippersort//commission",
            "TermDateTimeSortSkipper: lastmodndvskippersort//commission",
            "TermDateTimeSkipperSearchAfter: lastmodndvskippersort//commission +searchAfter",
            "DVRangeWide: dvrange//lastMod_skipper 0 9999999999999",
            "TermWithDVRangeWide: dvrange//lastMod_skipper 0 9999999999999 commission",
            "TermWithDVRangeLastMod: commission +dvRangeFilter=lastMod_skipper,0,9999999999999",
            "TermWithDVRangeDayOfYear: commission +dvRangeFilter=dayOfYear_skipper,60,180",
            "DVRangeDayOfYearNarrow: count(dvrange//dayOfYear_skipper 60 90)",
            "FilteredTerm: commission +filter=5%",
            "TermBGroup1M1P: groupblock1pass//commission",
            "TermGroup1M: group1M//commission");
    assertThat(r.notes()).isEmpty();
    assertThat(r.metrics())
        .extracting(m -> m.task())
        .contains(
            "TermTitleSortSkipper",
            "TermMonthSortSkipper",
            "TermDayOfYearSortSkipper",
            "TermDateTimeSortSkipper",
            "TermDateTimeSkipperSearchAfter",
            "DVRangeWide",
            "TermWithDVRangeWide",
            "TermWithDVRangeLastMod",
            "TermWithDVRangeDayOfYear",
            "DVRangeDayOfYearNarrow",
            "FilteredTerm",
            "TermBGroup1M1P",
            "TermGroup1M");
  }

  /**
   * What the first start's backfill charts for a 10.x release: the task file generated as the
   * {@code quick} profile generates it (5 tasks a category, its seed) on a 10.x index has every
   * category of {@link HarnessTasks#CATEGORIES}, and each one runs without a note.
   */
  @Test
  void on10xTheGeneratedFileHasEveryCategoryAndEachRuns() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    Path dir = tmp.resolve("generated-10");
    Path tasks = tmp.resolve("generated-10.tasks");
    Path out = tmp.resolve("generated-10.json");
    List<List<String>> steps =
        List.of(
            List.of(
                "index",
                "--corpus",
                corpus.toString(),
                "--index-dir",
                dir.toString(),
                "--max-docs",
                String.valueOf(DOCS),
                "--out",
                tmp.resolve("generated-10-index.json").toString()),
            List.of(
                "generate-tasks",
                "--index-dir",
                dir.toString(),
                "--corpus",
                corpus.toString(),
                "--seed",
                "20260101",
                "--per-category",
                "5",
                "--out",
                tasks.toString()));
    for (List<String> step : steps) {
      OtherLucene.Run run = lucene.get().run(tmp, Harness.class, step);
      assertThat(run.code()).as(run.stderr()).isZero();
    }
    List<String> search = new ArrayList<>(List.of(searchArgs(tasks, out)));
    search.set(search.indexOf("--index-dir") + 1, dir.toString());
    OtherLucene.Run searched = lucene.get().run(tmp, Harness.class, search);
    assertThat(searched.code()).as(searched.stderr()).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.notes()).isEmpty();
    assertThat(r.metrics())
        .filteredOn(m -> m.name().equals("qps"))
        .extracting(m -> m.task())
        .containsExactlyElementsOf(HarnessTasks.CATEGORIES);
  }

  /** 9.0 has neither Weight.count nor 9.12's ScorerSupplier additions; the filter must not care. */
  @Test
  void onTheOldest9xFiltersGroupingAndOptionsRun() throws Exception {
    HarnessResult r =
        forkedSearch(
            OtherLucene.onThisJava(OtherLucene.OLDEST_9),
            "FilteredTerm: commission +filter=5%",
            "CountFilteredOrHighHigh: count(commission parliament +filter=5%)",
            "BM25MSM2: commission parliament council +minShouldMatch=2",
            "IntSet: intSet//timesecnum 0 17",
            "TermGroup100: group100//commission",
            "TermBGroup1M: groupblock//commission",
            "TermBGroup1M1P: groupblock1pass//commission",
            "DismaxTerm: commission +dismaxFields=titleTokenized,body",
            "CombinedTerm: commission +combinedFields=titleTokenized^8.0,body",
            "TermDayOfYearSortSkipper: dayofyeardvskippersort//commission");
    assertThat(r.notes())
        .containsExactly(
            "skipped TermDayOfYearSortSkipper (1 of 1 tasks): Lucene 9.0.0 has no doc-values"
                + " skippers (DocValuesSkipper arrived in Lucene 10.0)");
    assertThat(r.metrics())
        .extracting(m -> m.task())
        .contains(
            "FilteredTerm",
            "CountFilteredOrHighHigh",
            "BM25MSM2",
            "IntSet",
            "TermGroup100",
            "TermBGroup1M",
            "TermBGroup1M1P",
            "DismaxTerm",
            "CombinedTerm");
  }

  /** Indexes 600 documents and searches {@code lines} in JVMs of another release. */
  private HarnessResult forkedSearch(OtherLucene lucene, String... lines) throws Exception {
    Path dir = tmp.resolve("forked");
    OtherLucene.Run indexed =
        lucene.run(
            tmp,
            Harness.class,
            List.of(
                "index",
                "--corpus",
                corpus.toString(),
                "--index-dir",
                dir.toString(),
                "--out",
                tmp.resolve("forked-index.json").toString(),
                "--max-docs",
                "600"));
    assertThat(indexed.code()).as(indexed.stderr()).isZero();
    Path file = tmp.resolve("forked.tasks");
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    Path out = tmp.resolve("forked-search.json");
    List<String> args = new ArrayList<>(List.of(searchArgs(file, out)));
    args.set(args.indexOf("--index-dir") + 1, dir.toString());
    OtherLucene.Run searched = lucene.run(tmp, Harness.class, args);
    assertThat(searched.code()).as(searched.stderr()).isZero();
    return ResultWriter.read(out);
  }

  private static String[] searchArgs(Path taskFile, Path out) {
    return new String[] {
      "search",
      "--index-dir",
      index.toString(),
      "--tasks",
      taskFile.toString(),
      "--repetitions",
      "2",
      "--warmup",
      "1",
      "--max-warmup-sec",
      "0",
      "--out",
      out.toString()
    };
  }
}
