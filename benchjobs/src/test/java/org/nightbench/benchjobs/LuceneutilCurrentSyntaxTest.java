package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.Outcome;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * The operator spellings of luceneutil's current nightly task file (issue 30), from the fixture
 * {@code luceneutil/current-syntax.tasks}: on 9.12.3 everything but the skipper sorts and the
 * doc-values ranges on skipper fields runs and those are skipped with a note naming the release; on
 * 10.x every line runs; and the new facet spelling counts exactly what the older one does.
 */
class LuceneutilCurrentSyntaxTest {

  private static final int DOCS = 1500;

  private static final String SKIPPED_ON_9 =
      "Lucene 9.12.3 has no doc-values skippers (DocValuesSkipper arrived in Lucene 10.0)";

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;
  private static Path index;
  private static Path fixture;

  @BeforeAll
  static void index() throws IOException, URISyntaxException {
    corpus = Europarl.corpus(shared);
    index = shared.resolve("index");
    Europarl.index(corpus, index, DOCS);
    fixture =
        Path.of(
            LuceneutilCurrentSyntaxTest.class
                .getClassLoader()
                .getResource("luceneutil/current-syntax.tasks")
                .toURI());
  }

  private static TaskPlan plan(List<Task> tasks) throws IOException {
    try (Indexes.Opened opened = Indexes.open(index)) {
      return TaskPlan.build(SearchBenchmark.searcher(opened.reader()), tasks, "fixture", 10);
    }
  }

  @Test
  void on9xAllButTheSkipperSortsRunAndThoseAreNotedWithTheRelease() throws IOException {
    List<Task> tasks = TaskFileParser.parse(fixture);
    TaskPlan plan = plan(tasks);
    List<String> skipper =
        List.of(
            "TermTitleSortSkipper",
            "TermMonthSortSkipper",
            "TermDayOfYearSortSkipper",
            "TermDateTimeSortSkipper",
            "TermDateTimeSortSkipperSearchAfter");
    Map<String, String> ranges =
        Map.of(
            "DVRangeLastModWide", "lastMod_skipper",
            "DVRangeDayOfYearNarrow", "dayOfYear_skipper",
            "TermWithDVRangeLastMod", "lastMod_skipper",
            "TermWithDVRangeDayOfYear", "dayOfYear_skipper");
    List<String> skipped = new ArrayList<>(skipper);
    skipped.addAll(
        tasks.stream().map(Task::category).filter(ranges::containsKey).distinct().toList());
    assertThat(skipped).hasSize(9);
    assertThat(plan.tasks())
        .extracting(Task::category)
        .containsExactlyElementsOf(
            tasks.stream().map(Task::category).filter(c -> !skipped.contains(c)).toList());
    assertThat(plan.notes())
        .containsExactlyElementsOf(
            skipped.stream()
                .map(
                    c ->
                        "skipped "
                            + c
                            + " (1 of 1 tasks): "
                            + SKIPPED_ON_9
                            + (ranges.containsKey(c) ? ": no field " + ranges.get(c) : ""))
                .toList());
    // Facet tasks count their hits: the browse ones every document, the term ones some.
    assertThat(plan.outcomes().get(0).hits()).isEqualTo(DOCS);
    assertThat(plan.outcomes().get(8).hits()).isPositive().isLessThan(DOCS);
  }

  @Test
  void theNewFacetSpellingCountsWhatTheOldOneDoes() throws IOException {
    List<Task> current = new ArrayList<>();
    List<Task> older = new ArrayList<>();
    for (Task t : TaskFileParser.parse(fixture)) {
      if (t.query().contains("+facets:")) {
        current.add(t);
        // kind:Dim back to Dim.kind, luceneutil's spelling until 2026.
        String old = t.query().replaceAll("\\+facets:(taxonomy|sortedset):(\\w+)", "+facets:$2.$1");
        older.add(new Task(t.category(), old, null, t.lineNumber()));
      }
    }
    assertThat(current).hasSize(13);
    assertThat(older).allSatisfy(t -> assertThat(t.query()).doesNotContain(":taxonomy"));
    TaskPlan now = plan(current);
    TaskPlan before = plan(older);
    assertThat(now.notes()).isEmpty();
    assertThat(before.notes()).isEmpty();
    List<Outcome> a = now.outcomes();
    assertThat(a).isEqualTo(before.outcomes());
    // Different dimensions count differently: the hash is of the counts, not a constant.
    assertThat(a.get(1).topHash()).isNotEqualTo(a.get(2).topHash());
  }

  /** On 9.x the generated file writes the fixture's spelling for what 9.x can serve. */
  @Test
  void theGeneratedFileWritesLuceneutilsCurrentSpelling() throws IOException {
    Path generated = tmp.resolve("generated.tasks");
    Europarl.Cli c =
        Europarl.cli(
            "generate-tasks",
            "--index-dir",
            index.toString(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "30",
            "--per-category",
            "1",
            "--out",
            generated.toString());
    assertThat(c.err()).isEmpty();
    assertSameSyntax(TaskFileParser.parse(generated), 14);
  }

  private static final Pattern OPERATOR =
      Pattern.compile("\\w+//|\\+facets:\\w+:\\w+|\\+\\w+=|\\+facets:\\S+");

  /** The operators of a task's text, without its words and values. */
  private static List<String> operators(String query) {
    return OPERATOR.matcher(query).results().map(MatchResult::group).toList();
  }

  /**
   * Every category of {@code generated} that the fixture has too is spelt as the fixture spells it;
   * at least {@code shared} such categories.
   */
  private static void assertSameSyntax(List<Task> generated, int shared) throws IOException {
    Map<String, List<String>> fixtureOps = new HashMap<>();
    for (Task t : TaskFileParser.parse(fixture)) {
      fixtureOps.put(t.category(), operators(t.query()));
    }
    List<String> seen = new ArrayList<>();
    for (Task t : generated) {
      List<String> expected = fixtureOps.get(t.category());
      if (expected != null) {
        assertThat(operators(t.query())).as(t.category() + ": " + t.query()).isEqualTo(expected);
        seen.add(t.category());
      }
    }
    assertThat(seen.stream().distinct().count()).isGreaterThanOrEqualTo(shared);
  }

  /**
   * luceneutil keeps an index in {@code <name>/index} and its taxonomy in {@code <name>/facets}:
   * pointed at such an {@code index} dir, the harness finds the taxonomy beside it.
   */
  @Test
  void theTaxonomyOfAnIndexLaidOutAsLuceneutilsIsFound() throws IOException {
    Path name = tmp.resolve("luceneutil-layout");
    Path main = name.resolve("index");
    copy(index, main);
    Files.move(main.resolve("taxonomy"), name.resolve("facets"));
    List<Task> facets =
        TaskFileParser.parse(fixture).stream()
            .filter(t -> t.query().contains("+facets:taxonomy:"))
            .toList();
    TaskPlan plan;
    try (Indexes.Opened opened = Indexes.open(main)) {
      plan = TaskPlan.build(SearchBenchmark.searcher(opened.reader()), facets, "fixture", 10);
    }
    assertThat(plan.notes()).isEmpty();
    assertThat(plan.outcomes()).isEqualTo(plan(facets).outcomes());
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(from.relativize(f).toString()));
      }
    }
  }

  @Test
  void on10xEveryLineOfTheFixtureRuns() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    Path dir = tmp.resolve("index-10");
    OtherLucene.Run indexed =
        lucene
            .get()
            .run(
                tmp,
                Harness.class,
                List.of(
                    "index",
                    "--corpus",
                    corpus.toString(),
                    "--index-dir",
                    dir.toString(),
                    "--max-docs",
                    "600",
                    "--out",
                    tmp.resolve("index-10.json").toString()));
    assertThat(indexed.code()).as(indexed.stderr()).isZero();
    Path generated = tmp.resolve("generated-10.tasks");
    OtherLucene.Run generate =
        lucene
            .get()
            .run(
                tmp,
                Harness.class,
                List.of(
                    "generate-tasks",
                    "--index-dir",
                    dir.toString(),
                    "--corpus",
                    corpus.toString(),
                    "--seed",
                    "30",
                    "--per-category",
                    "1",
                    "--out",
                    generated.toString()));
    assertThat(generate.code()).as(generate.stderr()).isZero();
    assertSameSyntax(TaskFileParser.parse(generated), 19);
    Path out = tmp.resolve("search-10.json");
    OtherLucene.Run searched =
        lucene
            .get()
            .run(
                tmp,
                Harness.class,
                List.of(
                    "search",
                    "--index-dir",
                    dir.toString(),
                    "--tasks",
                    fixture.toString(),
                    "--repetitions",
                    "2",
                    "--warmup",
                    "1",
                    "--max-warmup-sec",
                    "0",
                    "--out",
                    out.toString()));
    assertThat(searched.code()).as(searched.stderr()).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.notes()).isEmpty();
    assertThat(r.metrics())
        .filteredOn(m -> m.name().equals("qps"))
        .extracting(m -> m.task())
        .containsExactlyElementsOf(
            TaskFileParser.parse(fixture).stream().map(Task::category).distinct().toList());
  }
}
