package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.benchjobs.indexing.IndexingReport;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.SearchReport;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.benchjobs.taskgen.TaskGenerator;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;
import org.nightbench.protocol.tasks.TaskFileWriter;

/** Indexes europarl's head once, then drives generation and search in process and via the CLI. */
class EndToEndTest {

  private static final int DOCS = 2000;

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;
  private static Path index;
  private static IndexingReport report;

  @BeforeAll
  static void indexEuroparlHead() throws IOException {
    corpus = Europarl.corpus(shared);
    index = shared.resolve("index");
    report = Europarl.index(corpus, index, DOCS);
  }

  private static PrintStream quiet() {
    return Europarl.quiet();
  }

  @Test
  void indexingReportsAllMetricsForTheRequestedDocs() {
    assertThat(report.docs()).isEqualTo(DOCS);
    assertThat(report.textBytes()).isPositive();
    assertThat(report.segments()).isPositive();
    List<Metric> metrics =
        report.toMetrics(
            new IndexSpec(
                corpus,
                index,
                (long) DOCS,
                16.0,
                1,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null));
    assertThat(metrics)
        .extracting(Metric::name)
        .startsWith("docsPerSec", "gbPerHour", "indexSizeMB", "segmentCount", "elapsedSec")
        .contains("flushSeconds", "mergeSeconds", "gcCount", "gcSeconds", "peakHeapMB");
    assertThat(metrics.subList(0, 5))
        .allSatisfy(m -> assertThat(m.value()).isPositive().isFinite());
    assertThat(metrics).allSatisfy(m -> assertThat(m.value()).isNotNegative().isFinite());
    assertThat(metrics).allSatisfy(m -> assertThat(m.task()).isEqualTo("default"));
    assertThat(metrics).allSatisfy(m -> assertThat(m.benchmark()).isEqualTo("indexing"));
    assertThat(metrics.get(0).detail()).containsEntry("docs", (long) DOCS);
  }

  @Test
  void multiThreadedIndexingAddsEveryDocOnce() throws IOException {
    IndexSpec settings =
        new IndexSpec(
            corpus,
            tmp.resolve("mt"),
            500L,
            16.0,
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
            null);
    IndexingReport mt = IndexingBenchmark.run(settings, quiet());
    assertThat(mt.docs()).isEqualTo(500);
    try (Indexes.Opened opened = Indexes.open(tmp.resolve("mt"))) {
      assertThat(opened.reader().numDocs()).isEqualTo(500);
    }
  }

  private Path generate(long seed, String name) throws IOException {
    TaskGenerator.Generated g;
    try (Indexes.Opened opened = Indexes.open(index)) {
      g = TaskGenerator.generate(opened.reader(), corpus, seed, 5);
    }
    Path out = tmp.resolve(name);
    TaskFileWriter.write(out, g.header(), g.tasks());
    return out;
  }

  @Test
  void generationIsDeterministicPerSeed() throws IOException {
    byte[] a = Files.readAllBytes(generate(42, "a.txt"));
    byte[] b = Files.readAllBytes(generate(42, "b.txt"));
    byte[] c = Files.readAllBytes(generate(43, "c.txt"));
    assertThat(a).isEqualTo(b);
    assertThat(a).isNotEqualTo(c);
  }

  /** Browse facet tasks have a single query: the whole index is their only input. */
  private static final Set<String> SINGLE_QUERY =
      TaskGenerator.CATEGORIES.stream()
          .filter(c -> c.startsWith("Browse"))
          .collect(Collectors.toUnmodifiableSet());

  @Test
  void everyCategoryIsGeneratedAndEveryQueryHits() throws Exception {
    List<Task> tasks = TaskFileParser.parse(generate(7, "t.txt"));
    Map<String, Long> perCategory =
        tasks.stream().collect(Collectors.groupingBy(Task::category, Collectors.counting()));
    assertThat(perCategory.keySet())
        .containsExactlyInAnyOrderElementsOf(TaskGenerator.servableCategories());
    perCategory.forEach(
        (c, n) -> assertThat(n).as(c).isEqualTo(SINGLE_QUERY.contains(c) ? 1L : 5L));
    try (Indexes.Opened opened = Indexes.open(index)) {
      TaskPlan plan = TaskPlan.build(SearchBenchmark.searcher(opened.reader()), tasks, "t.txt", 10);
      assertThat(plan.notes()).isEmpty();
      assertThat(plan.tasks()).hasSameSizeAs(tasks);
      for (int i = 0; i < tasks.size(); i++) {
        assertThat(plan.outcomes().get(i).hits()).as(tasks.get(i).toString()).isPositive();
      }
    }
  }

  @Test
  void searchReportsEveryQpsFigurePerCategory() throws IOException {
    List<Task> tasks = TaskFileParser.parse(generate(42, "s.txt"));
    SearchReport report;
    try (Indexes.Opened opened = Indexes.open(index)) {
      report =
          SearchBenchmark.run(
              opened.reader(),
              tasks,
              "s.txt",
              SearchSpec.of(index, tmp.resolve("s.txt"), 5, 1, 1, 0.0),
              quiet());
    }
    List<Metric> qps = report.metrics().stream().filter(m -> m.name().equals("qps")).toList();
    assertThat(qps)
        .extracting(Metric::task)
        .containsExactlyElementsOf(TaskGenerator.servableCategories());
    for (Metric m : qps) {
      assertThat(m.benchmark()).isEqualTo("search");
      assertThat(m.higherIsBetter()).isTrue();
      assertThat(m.value()).isPositive().isFinite();
      assertThat((Long) m.detail().get("hits")).isPositive();
      assertThat((Double) m.detail().get("medianLatencyMs")).isPositive();
      List<?> perQuery = (List<?>) m.detail().get("perQuery");
      assertThat(perQuery).hasSize((Integer) m.detail().get("queries"));
      for (Object o : perQuery) {
        Map<?, ?> q = (Map<?, ?>) o;
        assertThat((Long) q.get("hits")).isPositive();
        assertThat((String) q.get("topHash")).matches("[0-9a-f]{40}");
        assertThat((long[]) q.get("latenciesNs")).hasSize(4);
      }
    }
    List<Metric> fastest =
        report.metrics().stream().filter(m -> m.name().equals("qpsFastest")).toList();
    assertThat(fastest)
        .extracting(Metric::task)
        .containsExactlyElementsOf(TaskGenerator.servableCategories());
    assertThat(fastest).allSatisfy(m -> assertThat(m.value()).isPositive().isFinite());
    List<Metric> cpu = report.metrics().stream().filter(m -> m.name().equals("qpsCpu")).toList();
    assertThat(cpu)
        .extracting(Metric::task)
        .containsExactlyElementsOf(TaskGenerator.servableCategories());
    assertThat(cpu).allSatisfy(m -> assertThat(m.value()).isPositive().isFinite());
    // Four measured rounds: luceneutil's reduction keeps each query's last one.
    List<Metric> luceneutil =
        report.metrics().stream().filter(m -> m.name().equals("qpsLuceneutil")).toList();
    assertThat(luceneutil)
        .extracting(Metric::task)
        .containsExactlyElementsOf(TaskGenerator.servableCategories());
    assertThat(luceneutil)
        .allSatisfy(
            m -> {
              assertThat(m.value()).isPositive().isFinite();
              assertThat(m.unit()).isEqualTo("queries/s");
              assertThat(m.detail())
                  .containsEntry("warmSkip", 3)
                  .containsEntry("keptRunsPerQuery", 1);
            });
    Metric warmup = report.metrics().get(report.metrics().size() - 1);
    assertThat(List.of(warmup.task(), warmup.name())).containsExactly("all", "warmupSec");
    assertThat(warmup.detail())
        .containsEntry("warmupRounds", 1)
        .containsEntry("warmupJudgedOn", "cpu")
        .containsEntry("topHashBy", "id")
        .containsEntry("warmupEnd", "fixed")
        .containsKeys("warmupEndReason", "jitCompileMsMeasured");
    // HotSpot reports compilation time: the warm-up's compilation is recorded, never -1.
    assertThat((Long) warmup.detail().get("jitCompileMsWarmup")).isNotNegative();
    assertThat(report.curves())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(List.of(c.benchmark(), c.task(), c.name()))
                  .containsExactly("search", "all", "roundLatency");
              assertThat(c.rows()).hasSize(5);
              assertThat(c.labels()).endsWith("JIT compile ms");
              assertThat(c.rows()).allSatisfy(row -> assertThat(row.get(4)).isNotNull());
            });
    assertThat(report.notes()).isEmpty();
  }

  private record Cli(int code, String err) {}

  private static Cli cli(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Cli(code, err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void cliRunsGenerateAndSearchAndWritesJson() throws IOException {
    Path tasks = tmp.resolve("tasks.txt");
    Path out = tmp.resolve("out/search.json");
    assertThat(
            cli(
                    "generate-tasks",
                    "--index-dir",
                    index.toString(),
                    "--corpus",
                    corpus.toString(),
                    "--seed",
                    "1",
                    "--per-category",
                    "2",
                    "--out",
                    tasks.toString())
                .code())
        .isZero();
    Cli search =
        cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            tasks.toString(),
            "--repetitions",
            "3",
            "--warmup",
            "1",
            "--max-warmup-sec",
            "0.5",
            "--out",
            out.toString());
    assertThat(search.err()).isEmpty();
    assertThat(search.code()).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.schemaVersion()).isEqualTo(HarnessResult.SCHEMA_VERSION);
    assertThat(r.command()).isEqualTo("search");
    assertThat(r.lucene().version()).isEqualTo(org.apache.lucene.util.Version.LATEST.toString());
    assertThat(r.environment().cores()).isPositive();
    assertThat(r.metrics()).hasSize(3 * TaskGenerator.servableCategories().size() + 1);
    assertThat(r.curves()).hasSize(1);
    try (var files = Files.list(out.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toSet()))
          .isEqualTo(Set.of("search.json"));
    }

    // The same tasks read through NIOFSDirectory: a setting a comparison can put on one side.
    Path nio = tmp.resolve("out/search-nio.json");
    Cli nioSearch =
        cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            tasks.toString(),
            "--repetitions",
            "3",
            "--warmup",
            "1",
            "--max-warmup-sec",
            "0.5",
            "--directory",
            "nio",
            "--out",
            nio.toString());
    assertThat(nioSearch.err()).isEmpty();
    assertThat(ResultWriter.read(nio).metrics()).hasSameSizeAs(r.metrics());
    assertError(
        cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            tasks.toString(),
            "--directory",
            "floppy",
            "--out",
            tmp.resolve("out/none.json").toString()),
        "ERROR: unknown directory floppy: use default, mmap or nio");
  }

  @Test
  void cliIndexesWithMaxDocs() throws IOException {
    Path out = tmp.resolve("index.json");
    Cli c =
        cli(
            "index",
            "--corpus",
            corpus.toString(),
            "--index-dir",
            tmp.resolve("idx").toString(),
            "--max-docs",
            "300",
            "--out",
            out.toString());
    assertThat(c.code()).isZero();
    HarnessResult r = ResultWriter.read(out);
    assertThat(r.command()).isEqualTo("index");
    assertThat(r.metrics()).allSatisfy(m -> assertThat(m.detail()).containsEntry("docs", 300));
  }

  @Test
  void cliFailuresAreOneErrorLineAndExitTwoWithoutOutput() throws IOException {
    Path out = tmp.resolve("r.json");
    Files.writeString(out, "stale", StandardCharsets.UTF_8);
    Path missing = tmp.resolve("missing.txt");
    Path badTasks = tmp.resolve("bad.txt");
    Files.writeString(badTasks, "HighTerm: the\nfoo\n", StandardCharsets.UTF_8);
    Path unparsable = tmp.resolve("unparsable.txt");
    Files.writeString(unparsable, "HighTerm: \"unclosed\n", StandardCharsets.UTF_8);
    Path emptyDir = Files.createDirectory(tmp.resolve("empty"));

    assertError(
        cli(
            "index",
            "--corpus",
            missing.toString(),
            "--index-dir",
            tmp.resolve("i").toString(),
            "--out",
            out.toString()),
        "ERROR: corpus " + missing + " does not exist");
    assertThat(out).doesNotExist();
    assertError(
        cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            badTasks.toString(),
            "--out",
            out.toString()),
        "ERROR: " + badTasks + " line 2: expected 'Category: query', got 'foo'");
    assertError(
        cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            unparsable.toString(),
            "--out",
            out.toString()),
        "ERROR: " + unparsable + " line 1: cannot parse query '\"unclosed': ");
    assertError(
        cli(
            "search",
            "--index-dir",
            emptyDir.toString(),
            "--tasks",
            badTasks.toString(),
            "--out",
            out.toString()),
        "ERROR: " + badTasks + " line 2");
    assertError(
        cli(
            "generate-tasks",
            "--index-dir",
            emptyDir.toString(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "1",
            "--out",
            out.toString()),
        "ERROR: index " + emptyDir + " contains no Lucene index");
    assertError(
        cli(
            "search",
            "--index-dir",
            index.toString(),
            "--tasks",
            badTasks.toString(),
            "--warmup",
            "20",
            "--repetitions",
            "20",
            "--out",
            out.toString()),
        "ERROR: warmup must be >= 0 and < repetitions (20), got 20");
    assertError(cli("search", "--index-dir", index.toString()), "ERROR: missing required setting");
    assertError(cli("frobnicate"), "ERROR: Unmatched argument");
    assertError(cli(), "ERROR: missing command");
    assertThat(out).doesNotExist();
  }

  private static void assertError(Cli c, String prefix) {
    assertThat(c.code()).isEqualTo(Harness.EXIT_FAILURE);
    assertThat(c.err()).startsWith(prefix).endsWith(System.lineSeparator());
    assertThat(c.err().strip()).doesNotContain("\n");
  }
}
