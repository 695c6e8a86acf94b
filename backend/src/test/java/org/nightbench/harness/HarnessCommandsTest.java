package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.nightbench.benchjobs.Harness;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Every command line the backend writes is one the harness's own picocli commands parse: each
 * option it emits is declared by the subcommand it targets, and takes the value it is given.
 */
class HarnessCommandsTest {

  private static final Path CORPUS = Path.of("corpus.txt");
  private static final Path INDEX = Path.of("index");
  private static final Path TASKS = Path.of("tasks.txt");
  private static final Path OUT = Path.of("out.json");

  /** A profile that sets every optional setting, so every optional option is written. */
  private static final BenchmarkProfile PROFILE =
      new BenchmarkProfile(
          1000,
          64,
          2,
          20,
          5,
          5,
          42,
          null,
          List.of(),
          List.of(
              new IndexingVariant("1kb-docs", 1024, 1, true, "nio", "log-doc", 32),
              new IndexingVariant("threads", 0, 4, false, null, null, 0)),
          new PkLookupSettings(0, 0, 0, 0),
          List.of(new NrtVariant("merging", "merging", 100, 0, 1, 10, 2, 500, 0)),
          new LoadSettings(null, 0, 0, 0, 0, 0, 0, 0, List.of("HighTerm", "LowTerm")),
          new CalibrationSettings(0, 0, 0, 0, 0),
          Duration.ofMinutes(10),
          2.5,
          new NightlyMeasurements(
              new StoredFieldsSettings(List.of("compression"), 500, 0, true, 0, 0),
              true,
              new PkPostingsSettings(List.of("FST50"), 0, 0, 0, 0),
              new ColdSearchSettings(0, 0)),
          new KnnSettings(500, 20, List.of("hnsw", "bq"), List.of(0, 40), List.of(20), 5, true),
          new FacetTimingSettings(0, 0),
          false);

  static Stream<List<String>> commandLines() {
    HarnessCommands commands = new HarnessCommands(PROFILE);
    IndexingVariant deterministic = PROFILE.indexing().get(0);
    IndexingVariant threaded = PROFILE.indexing().get(1);
    return Stream.of(
        commands.index(deterministic, CORPUS, INDEX, OUT),
        commands.index(threaded, CORPUS, INDEX, OUT, "speed", "FST50"),
        commands.generateTasks(CORPUS, INDEX, TASKS),
        commands.search(INDEX, TASKS, 1, OUT),
        commands.search(INDEX, TASKS, 2, OUT, "nio"),
        commands.pkLookups(INDEX, OUT),
        commands.facetTimings(INDEX, OUT),
        commands.nrt(PROFILE.nrt().get(0), INDEX, Path.of("nrt"), CORPUS, TASKS, OUT),
        commands.load("bytebuffers", INDEX, TASKS, OUT),
        commands.calibrate(OUT),
        commands.storedFields("speed", CORPUS, INDEX, OUT),
        commands.checkIndex("1kb-docs", INDEX, OUT),
        commands.pkPostings(INDEX, Path.of("work"), OUT),
        commands.coldSearch(INDEX, TASKS, OUT),
        commands.embed(CORPUS, TASKS, Path.of("cache"), Path.of("d.vec"), Path.of("q.vec"), OUT),
        commands.embed(CORPUS, null, Path.of("cache"), Path.of("d.vec"), Path.of("q.vec"), OUT),
        commands.knn(Path.of("d.vec"), Path.of("q.vec"), Path.of("cache"), Path.of("knn"), OUT));
  }

  @ParameterizedTest
  @MethodSource("commandLines")
  void theHarnessParsesEveryCommandLineTheBackendWrites(List<String> args) {
    CommandLine harness = new CommandLine(new Harness());

    assertThatCode(() -> harness.parseArgs(args.toArray(String[]::new)))
        .as("harness %s", args)
        .doesNotThrowAnyException();
    ParseResult subcommand = harness.parseArgs(args.toArray(String[]::new)).subcommand();
    assertThat(subcommand.commandSpec().name()).isEqualTo(args.get(0));
    List<String> options = args.stream().filter(arg -> arg.startsWith("--")).toList();
    assertThat(options)
        .as("options of %s", args.get(0))
        .allSatisfy(option -> assertThat(subcommand.hasMatchedOption(option)).isTrue());
  }
}
