package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * luceneutil's nightly task file, whole and as it is ({@code tasks/wikinightly.tasks} of its commit
 * 3cfd163, kept beside the repository in {@code ../shared/luceneutil/}; another copy with {@code
 * -Dnightbench.luceneutil.tasks=FILE}): every line reads; on a small 9.12.3 index every category
 * runs but the vector ones (no vectors in the index) and those that need doc-values skippers, each
 * skipped with one note naming why; on 10.6.0 all but the three vector ones. Where the file is not
 * there (a clone without the shared directory) the test has nothing to read and is skipped.
 */
class LuceneutilNightlyFileTest {

  private static final int DOCS = 600;

  private static final List<String> VECTOR =
      List.of("VectorSearch", "PreFilteredVectorSearch", "PostFilteredVectorSearch");

  /** The categories of 3cfd163 that read a skipper field, which 9.x cannot write. */
  private static final List<String> SKIPPER =
      List.of(
          "TermTitleSortSkipper",
          "TermMonthSortSkipper",
          "TermDayOfYearSortSkipper",
          "TermDateTimeSortSkipper",
          "TermDateTimeSortSkipperSearchAfter",
          "DVRangeLastModNarrow",
          "DVRangeLastModWide",
          "DVRangeDayOfYearNarrow",
          "DVRangeDayOfYearWide",
          "TermWithDVRangeLastMod",
          "TermWithDVRangeDayOfYear");

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path file;
  private static Path corpus;
  private static Path index;

  @BeforeAll
  static void find() throws IOException {
    String given = System.getProperty("nightbench.luceneutil.tasks");
    // The module's directory is <repository>/benchjobs; the shared directory is the repository's
    // sibling.
    file =
        given != null
            ? Path.of(given)
            : Path.of("")
                .toAbsolutePath()
                .getParent()
                .resolveSibling("shared")
                .resolve("luceneutil")
                .resolve("wikinightly.tasks");
    if (Files.isRegularFile(file)) {
      corpus = Europarl.corpus(shared);
      index = shared.resolve("index");
      Europarl.index(corpus, index, DOCS);
    }
  }

  private static List<Task> tasks() throws IOException {
    Assumptions.assumeTrue(Files.isRegularFile(file), "no luceneutil task file at " + file);
    return TaskFileParser.parse(file);
  }

  private static Set<String> categories(List<Task> tasks) {
    Set<String> out = new LinkedHashSet<>();
    tasks.forEach(t -> out.add(t.category()));
    return out;
  }

  @Test
  void everyLineReadsAsItIs() throws IOException {
    List<Task> tasks = tasks();
    assertThat(tasks).hasSize(479);
    assertThat(categories(tasks)).hasSize(105).containsAll(VECTOR).containsAll(SKIPPER);
  }

  @Test
  void on9xAllRunButTheVectorAndSkipperCategoriesEachNotedWithWhy() throws IOException {
    List<Task> tasks = tasks();
    TaskPlan plan;
    try (Indexes.Opened opened = Indexes.open(index)) {
      plan = TaskPlan.build(SearchBenchmark.searcher(opened.reader()), tasks, file.toString(), 10);
    }
    List<String> skipped = new ArrayList<>(VECTOR);
    skipped.addAll(SKIPPER);
    assertThat(categories(plan.tasks()))
        .hasSize(105 - skipped.size())
        .doesNotContainAnyElementsOf(skipped);
    assertThat(plan.notes()).hasSize(skipped.size());
    for (String category : VECTOR) {
      assertThat(plan.notes())
          .anyMatch(
              n ->
                  n.startsWith("skipped " + category + " (5 of 5 tasks): ")
                      && n.contains("vector"));
    }
    for (String category : SKIPPER) {
      assertThat(plan.notes())
          .anyMatch(
              n ->
                  n.startsWith(
                      "skipped "
                          + category
                          + " (5 of 5 tasks): Lucene 9.12.3 has no"
                          + " doc-values skippers (DocValuesSkipper arrived in Lucene 10.0)"));
    }
  }

  @Test
  void on10xAllButTheThreeVectorCategoriesRun() throws Exception {
    List<Task> tasks = tasks();
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
                    Integer.toString(DOCS),
                    "--out",
                    tmp.resolve("index-10.json").toString()));
    assertThat(indexed.code()).as(indexed.stderr()).isZero();
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
                    file.toString(),
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
    assertThat(r.notes())
        .hasSize(3)
        .allSatisfy(n -> assertThat(n).containsAnyOf(VECTOR.toArray(String[]::new)));
    Set<String> ran = new LinkedHashSet<>();
    r.metrics().stream().filter(m -> m.name().equals("qps")).map(Metric::task).forEach(ran::add);
    Set<String> expected = categories(tasks);
    VECTOR.forEach(expected::remove);
    assertThat(ran).hasSize(102).containsExactlyInAnyOrderElementsOf(expected);
  }
}
