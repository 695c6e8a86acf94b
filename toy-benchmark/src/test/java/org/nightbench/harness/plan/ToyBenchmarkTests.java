package org.nightbench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.ConfiguredProfiles;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.ProfileSections;
import org.nightbench.ingest.DeclaredMetrics;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.ToySpec;
import org.nightbench.protocol.spec.SpecFile;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.series.SeriesGroup;
import org.nightbench.series.SeriesService;
import org.nightbench.series.TaskGroup;
import org.nightbench.users.TestUsers;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * A benchmark added through exactly the path docs/reference/add-a-benchmark.md gives: its
 * definition with its spec ({@link ToySpec}), its benchmark class ({@code ToyBenchmark}) and its
 * profile values (toy-benchmark.properties), nothing else. It reaches the nightly run, comparisons,
 * the catalogue of requests, a page group of its own and the comparison form, and a real run forks
 * its class in a harness JVM on real Lucene jars and stores its series. The toy's module is the one
 * class path that holds it, so no other test sees a benchmark that is not the product's.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@TestPropertySource(locations = "classpath:toy-benchmark.properties")
class ToyBenchmarkTests {

  private static final Path WORK = Path.of("/w");

  @Autowired MockMvc mvc;
  @Autowired RunnerProperties runner;
  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;
  @Autowired SeriesService series;

  /**
   * The forked harness JVMs load the toy's classes after the harness jar, from where this test
   * loads them: the class path entry a benchmark built outside the harness jar is given by.
   */
  @DynamicPropertySource
  static void theToysClassesOnTheHarnessClassPath(DynamicPropertyRegistry registry) {
    registry.add("nightbench.runner.harness-class-path", ToyBenchmarkTests::toyClasses);
  }

  private static String toyClasses() {
    try {
      return Path.of(ToySpec.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A nightly run of a profile with the toy's section, through the real worker: the harness JVM
   * runs {@code ToyBenchmark} on the run's index, and its series are stored with the unit and
   * direction its definition declares and shown under its own heading.
   */
  @Test
  void aRunForksItsClassOnRealLuceneAndStoresItsSeriesUnderItsHeading() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run done = runs.find(run.id()).orElseThrow();

    assertThat(done.status()).as("error: %s", done.error()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(String.join("\n", runs.log(done.id(), 0)))
        .as("the toy's class printed this in the forked JVM")
        .containsPattern("toy: 2000 docs counted in [0-9.]+ ms \\(median of 3 rounds\\)");
    assertThat(
            jdbc.sql(
                    "select s.task || ' ' || s.metric || ' ' || s.unit || ' ' || s.higher_is_better"
                        + " from series s join measurement m on m.series_id = s.id"
                        + " where m.run_id = ? and s.benchmark = 'toy'")
                .param(done.id())
                .query(String.class)
                .list())
        .containsExactly("index countMs ms false");
    SeriesGroup group =
        series.grouped().stream()
            .filter(g -> g.group().equals("toy"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no page group toy"));
    assertThat(group.title()).isEqualTo("Toy timings");
    assertThat(group.series())
        .extracting(s -> s.series().task() + " " + s.series().metric())
        .containsExactly("index countMs");
    assertThat(DeclaredMetrics.assertDeclared(jdbc, done.id()))
        .contains("toy", "indexing", "search");
  }

  @Test
  void theDefinitionIsFoundWithoutAListNamingIt() {
    assertThat(SpecTypes.all()).containsEntry("toy", ToySpec.class);
    assertThat(Benchmarks.named("toy")).contains(ToySpec.DEFINITION);
    assertThat(Benchmarks.ofSeries("toy")).contains(ToySpec.DEFINITION);
    assertThat(Benchmarks.comparable()).last().isEqualTo(ToySpec.DEFINITION);
  }

  /** The spec file that crosses the fork knows the toy by its record's name. */
  @Test
  void itsSpecFileCarriesItsTypeAcrossTheFork(@TempDir Path tmp) throws Exception {
    ToySpec spec = new ToySpec(Path.of("/w/index"), 3, 1, 7L);
    Path file = tmp.resolve("toy.spec.json");

    SpecFile.write(file, spec);

    assertThat(SpecFile.toJson(spec).get("type").asText()).isEqualTo("toy");
    assertThat(SpecFile.read(file)).isEqualTo(spec);
  }

  @Test
  void theProfileSectionBindsIntoItsSpecAndTheApplicationReadsIt() throws Exception {
    BenchmarkProfile nightly = runner.profile("nightly");
    assertThat(nightly.section(ToySpec.DEFINITION)).contains(new ToySpec(null, 3, 1, null));
    // The profiles without a section do not run it, and a request for it says what is missing.
    BenchmarkProfile quick = runner.profile("quick");
    assertThat(quick.section(ToySpec.DEFINITION)).isEmpty();
    assertThatThrownBy(() -> BenchmarkCatalogue.checkProfile("quick", quick, List.of("toy")))
        .hasMessage("profile quick has no toy settings");
    BenchmarkCatalogue.checkProfile("nightly", nightly, List.of("toy"));
  }

  @Test
  void aSettingLeftOutTakesTheDefaultAndABadOneIsOneLineNamingIt() {
    assertThat(ProfileSections.sections(Map.of("toy", Map.of("warmup-rounds", "2"))))
        .containsEntry("toy", new ToySpec(null, ToySpec.DEFAULT_ROUNDS, 2, null));
    assertThatThrownBy(() -> ProfileSections.sections(Map.of("toy", Map.of("rounds", "0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("toy")
        .hasMessageContaining("rounds");
  }

  @Test
  void theNightlyRunForksItOnTheIndexWithTheRunsSeed() throws Exception {
    BenchmarkProfile nightly =
        ConfiguredProfiles.all(List.of("toy-benchmark.properties")).get("nightly");

    StepPlan plan = planner(nightly).nightly();

    PlanStep.Measure toy = measure(plan, "toy timings");
    assertThat(toy.spec().given(java.util.Set.of()))
        .isEqualTo(new ToySpec(WORK.resolve("index"), 3, 1, nightly.taskSeed()));
    assertThat(toy.out()).isEqualTo(WORK.resolve("toy.json"));
    // Without the section, no toy step.
    StepPlan without = planner(ConfiguredProfiles.all().get("nightly")).nightly();
    assertThat(labels(without)).doesNotContain("toy timings");
  }

  @Test
  void aComparisonRunsItOnEachSidesIndex() throws Exception {
    BenchmarkProfile nightly =
        ConfiguredProfiles.all(List.of("toy-benchmark.properties")).get("nightly");
    List<PlanSide> sides =
        List.of(
            new PlanSide("baseline", "default", null, null),
            new PlanSide("candidate", "default", null, null));

    StepPlan plan = planner(nightly).interleaved(sides, 2, List.of("toy"), false, null);

    PlanStep.Measure candidate = measure(plan, "toy candidate JVM 1/2");
    assertThat(candidate.spec().given(java.util.Set.of()))
        .isEqualTo(new ToySpec(WORK.resolve("index-candidate"), 3, 1, nightly.taskSeed()));
    assertThat(labels(plan))
        .contains(
            "toy baseline JVM 1/2",
            "toy candidate JVM 1/2",
            "toy candidate JVM 2/2",
            "toy baseline JVM 2/2");
  }

  @Test
  void itsSeriesHaveAPageGroupOfTheirOwn() {
    TaskGroup toy = TaskGroup.of(ToySpec.DEFINITION.series(), "any task");

    assertThat(toy.key()).isEqualTo("toy");
    assertThat(toy.title()).isEqualTo("Toy timings");
    assertThat(TaskGroup.byKey("TOY")).contains(toy);
    assertThat(TaskGroup.values()).endsWith(toy, TaskGroup.OTHER);
  }

  /** The form is an editor's. */
  @Test
  void theComparisonFormOffersIt() throws Exception {
    String page =
        mvc.perform(get("/comparisons").with(TestUsers.editor()))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();

    assertThat(page)
        .containsPattern(
            "<input type=\"checkbox\" name=\"benchmarks\" value=\"toy\"[^>]*> <span>toy"
                + " timings</span>");
    assertThat(BenchmarkCatalogue.comparable("toy").series()).isEqualTo("toy");
  }

  private static BenchmarkPlanner planner(BenchmarkProfile profile) {
    return new BenchmarkPlanner(
        profile, Path.of("/c/corpus.gz"), WORK, new EmbeddingModel(Path.of("/cache"), List::of));
  }

  private static PlanStep.Measure measure(StepPlan plan, String label) {
    return plan.steps().stream()
        .filter(PlanStep.Measure.class::isInstance)
        .map(PlanStep.Measure.class::cast)
        .filter(m -> unnumbered(m.label()).equals(label))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no step " + label + " in " + labels(plan)));
  }

  private static List<String> labels(StepPlan plan) {
    return plan.steps().stream()
        .filter(PlanStep.Measure.class::isInstance)
        .map(s -> unnumbered(((PlanStep.Measure) s).label()))
        .toList();
  }

  /** A comparison numbers its JVMs, "(step 7 of 46)". */
  private static String unnumbered(String label) {
    return label.replaceAll(" \\(step \\d+ of \\d+\\)$", "");
  }
}
