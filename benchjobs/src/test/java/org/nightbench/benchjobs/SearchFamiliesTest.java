package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.Outcome;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.benchjobs.taskgen.TaskGenerator;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;
import org.nightbench.protocol.tasks.TaskFileWriter;

/** The query families beyond plain text, luceneutil task files, and answers across JVMs. */
class SearchFamiliesTest {

  private static final int DOCS = 2000;

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path index;
  private static Path tasks;

  @BeforeAll
  static void indexAndGenerate() throws IOException {
    Path corpus = Europarl.corpus(shared);
    index = shared.resolve("index");
    Europarl.index(corpus, index, DOCS);
    tasks = shared.resolve("tasks.txt");
    try (Indexes.Opened opened = Indexes.open(index)) {
      TaskGenerator.Generated g = TaskGenerator.generate(opened.reader(), corpus, 11, 2);
      TaskFileWriter.write(tasks, g.header(), g.tasks());
    }
  }

  private static List<Outcome> outcomes(String... lines) throws IOException {
    List<Task> parsed = TaskFileParser.parse(List.of(lines), "test");
    try (Indexes.Opened opened = Indexes.open(index)) {
      TaskPlan plan = TaskPlan.build(SearchBenchmark.searcher(opened.reader()), parsed, "test", 10);
      assertThat(plan.notes()).isEmpty();
      return plan.outcomes();
    }
  }

  @Test
  void facetsSortsRespellRangesAndLookupsReturnHits() throws IOException {
    List<Outcome> o =
        outcomes(
            "HighTerm: commission",
            "BrowseMonthSSDVFacets: *:* +facets:Month.sortedset",
            "BrowseDayOfYearSSDVFacets: *:* +facets:DayOfYear.sortedset",
            "TermMonthFacets: commission +facets:Month.sortedset",
            "HighTermDayOfYearSort: dayofyeardvsort//commission",
            "HighTermTitleSort: titledvsort//commission",
            "HighTermTitleBDVSort: titlebdvsort//commission",
            "HighTermMonthSort: monthdvsort//commission",
            "TermDTSort: lastmodndvsort//commission",
            "Respell: comission",
            "IntNRQ: nrq//datenum 0 9999999999999",
            "IntNRQ: nrq//timesecnum 0 0",
            "CountTerm: count(commission)",
            "HighSpanNear: near//european union",
            "HighIntervalsOrdered: ordered//european union",
            "PKLookup: pk//0 7 1999 123456789");
    long commission = o.get(0).hits();
    assertThat(commission).isPositive();
    assertThat(o.get(1).hits()).isEqualTo(DOCS);
    assertThat(o.get(2).hits()).isEqualTo(DOCS);
    assertThat(o.get(3).hits()).isEqualTo(commission);
    for (Outcome sorted : o.subList(4, 9)) {
      assertThat(sorted.hits()).isEqualTo(commission);
      // Same hits, other order: sorting by a field must change which ten come first.
      assertThat(sorted.topHash()).isNotEqualTo(o.get(0).topHash());
    }
    assertThat(o.get(9).hits()).as("respell suggestions").isPositive();
    assertThat(o.get(10).hits()).isEqualTo(DOCS);
    assertThat(o.get(11).hits()).as("dates without a time are at second 0").isEqualTo(DOCS);
    assertThat(o.get(12).hits()).isEqualTo(commission);
    assertThat(o.get(13).hits()).isPositive();
    assertThat(o.get(14).hits()).isPositive();
    assertThat(o.get(15).hits()).as("three of four keys exist").isEqualTo(3);
  }

  @Test
  void luceneutilCategoriesThisIndexCannotServeAreNotedNotFatal() throws IOException {
    Path file = tmp.resolve("luceneutil.tasks");
    Files.writeString(
        file,
        "# from wikinightly.tasks\n"
            + "TermGroup100K: group100K//commission # freq=1\n"
            + "VectorSearch: vector//european union\n"
            + "BrowseTitleTaxoFacets: *:* +facets:Title.taxonomy\n"
            + "HighTerm: commission\n",
        StandardCharsets.UTF_8);
    Path out = tmp.resolve("search.json");
    assertThat(cli(search(file, out, 1))).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.metrics())
        .extracting(m -> m.task() + "/" + m.name())
        .containsExactly("HighTerm/qps", "HighTerm/qpsFastest", "HighTerm/qpsCpu", "all/warmupSec");
    assertThat(r.notes())
        .containsExactly(
            "skipped TermGroup100K (1 of 1 tasks): index has no sorted doc values group field"
                + " 'group100K'",
            "skipped VectorSearch (1 of 1 tasks): the index has no document vectors (field"
                + " 'vector')",
            "skipped BrowseTitleTaxoFacets (1 of 1 tasks): facet dimension 'Title.taxonomy' is"
                + " not indexed");
  }

  @Test
  void twoSearchJvmsReturnTheSameHitsAndTopHashes() throws Exception {
    List<List<Object>> answers = new ArrayList<>();
    for (int jvm = 1; jvm <= 2; jvm++) {
      Path out = tmp.resolve("jvm" + jvm + ".json");
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(Harness.class.getName());
      command.addAll(search(tasks, out, jvm));
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(tmp.resolve("jvm" + jvm + ".log").toFile())
              .start();
      assertThat(p.waitFor()).as(Files.readString(tmp.resolve("jvm" + jvm + ".log"))).isZero();
      List<Object> answer = new ArrayList<>();
      for (Metric m : ResultWriter.read(out).metrics()) {
        if (m.name().equals("qps")) {
          for (Object q : (List<?>) m.detail().get("perQuery")) {
            answer.add(List.of(((Map<?, ?>) q).get("hits"), ((Map<?, ?>) q).get("topHash")));
          }
        }
      }
      answers.add(answer);
    }
    assertThat(answers.get(0)).hasSizeGreaterThan(TaskGenerator.CATEGORIES.size());
    assertThat(answers.get(1)).isEqualTo(answers.get(0));
  }

  @Test
  void bareLoopReportsOverheadPerCategory() throws IOException {
    Path out = tmp.resolve("bare.json");
    int code =
        cli(
            List.of(
                "bare-loop",
                "--index-dir",
                index.toString(),
                "--tasks",
                tasks.toString(),
                "--repetitions",
                "3",
                "--warmup",
                "1",
                "--out",
                out.toString()));
    assertThat(code).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.command()).isEqualTo("bare-loop");
    // 9.x has no doc-values skippers: their categories are not generated (NightlyOperatorsTest).
    assertThat(r.metrics()).hasSize(2 * TaskGenerator.servableCategories().size() + 2);
    assertThat(r.metrics())
        .allSatisfy(
            m -> {
              assertThat(m.benchmark()).isEqualTo("overhead");
              assertThat(m.name()).isIn("emptyLoopNs", "percentOfQuery", "emptyLoopCpuNs");
              assertThat(m.value()).isPositive().isFinite();
            });
  }

  private static List<String> search(Path taskFile, Path out, int seed) {
    return List.of(
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
        "--seed",
        Integer.toString(seed),
        "--out",
        out.toString());
  }

  private static int cli(List<String> args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Harness.run(
            new PrintStream(err, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    return code;
  }
}
