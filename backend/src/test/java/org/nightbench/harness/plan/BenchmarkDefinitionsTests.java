package org.nightbench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.ConfiguredProfiles;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.series.TaskGroup;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * A benchmark is its definition (docs/how-to/add-a-benchmark.md): every one of {@link
 * Benchmarks#all()} reaches the nightly run of a profile that sets it, a page group of its own and,
 * when comparable, the comparison form, with no list of benchmarks written anywhere else.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class BenchmarkDefinitionsTests {

  private static final Pattern CHECKBOX =
      Pattern.compile(
          "<input type=\"checkbox\" name=\"benchmarks\" value=\"([^\"]+)\"[^>]*> <span>([^<]+)</span>");

  private static final String HOW_TO = "docs/reference/add-a-benchmark.md";
  private static final Pattern SOURCE_FILE =
      Pattern.compile("`([a-z-]+/src/main/[A-Za-z0-9_/.-]+\\.(?:java|properties))`");

  @Autowired MockMvc mvc;

  @Test
  void everyDefinedBenchmarkIsForkedByTheNightlyRunOfAProfileThatSetsIt() throws Exception {
    StepPlan nightly =
        new BenchmarkPlanner(
                ConfiguredProfiles.all().get("nightly"),
                Path.of("/c/corpus.gz"),
                Path.of("/w"),
                new EmbeddingModel(Path.of("/cache"), List::of))
            .nightly();
    Set<Class<? extends StepSpec>> forked = forkedSteps(nightly);

    for (BenchmarkDefinition benchmark : Benchmarks.all()) {
      if (benchmark.spec() == CalibrateSpec.class) {
        // The calibration is timed around the plan, before and after every benchmark
        // (NightlyBenchmarks.calibrate).
        continue;
      }
      assertThat(forked).as(benchmark.name()).contains(benchmark.spec());
    }
  }

  @Test
  void everyDefinedBenchmarkHasAPageGroupOfItsOwn() {
    for (BenchmarkDefinition benchmark : Benchmarks.all()) {
      TaskGroup group = TaskGroup.of(benchmark.series(), "HighTerm");
      assertThat(group).as(benchmark.name()).isNotEqualTo(TaskGroup.OTHER);
      if (benchmark.group() != null) {
        assertThat(group.key()).as(benchmark.name()).isEqualTo(benchmark.group());
      }
    }
  }

  /** The form is an editor's. */
  @Test
  void theComparisonFormOffersEveryComparableBenchmarkWithItsLabelAndNoOther() throws Exception {
    String page =
        mvc.perform(get("/comparisons").with(TestUsers.editor()))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();

    List<String> offered = new ArrayList<>();
    Matcher checkbox = CHECKBOX.matcher(page);
    while (checkbox.find()) {
      offered.add(checkbox.group(1) + ": " + checkbox.group(2));
    }
    assertThat(offered)
        .containsExactlyElementsOf(
            Benchmarks.comparable().stream().map(b -> b.name() + ": " + b.label()).toList());
    assertThat(page)
        .containsPattern("name=\"benchmarks\" value=\"search\" checked")
        .doesNotContain("value=\"calibration\"");
  }

  /**
   * The how-to names real files: each it says to edit exists, and each it says to create (the
   * example's {@code Toy…}) goes into a directory that exists.
   */
  @Test
  void theHowToNamesTheFilesThereAre() throws Exception {
    Path root = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(root.resolve("docs"))) {
      root = root.getParent();
    }
    String howTo = Files.readString(root.resolve(HOW_TO));
    Matcher file = SOURCE_FILE.matcher(howTo);
    List<String> named = new ArrayList<>();
    while (file.find()) {
      Path path = root.resolve(file.group(1));
      boolean created = path.toString().contains("Toy") || path.toString().contains("/toy/");
      Path mustExist = created ? path.getParent() : path;
      if (created && mustExist.getFileName().toString().equals("toy")) {
        mustExist = mustExist.getParent();
      }
      assertThat(mustExist).as(file.group(1)).exists();
      named.add(file.group(1));
    }
    assertThat(named)
        .contains(
            "harness-protocol/src/main/java/org/nightbench/protocol/ToySpec.java",
            "benchjobs/src/main/java/org/nightbench/benchjobs/toy/ToyBenchmark.java",
            "backend/src/main/resources/application.properties");
  }

  /**
   * A new benchmark is three production files: the how-to's "Add a benchmark" names no other, so a
   * list that must learn of it would have to be named there to be followed.
   */
  @Test
  void theHowToAddsABenchmarkInThreeProductionFiles() throws Exception {
    Path root = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(root.resolve("docs"))) {
      root = root.getParent();
    }
    String howTo = Files.readString(root.resolve(HOW_TO));
    String addABenchmark =
        howTo.substring(howTo.indexOf("## Add a benchmark"), howTo.indexOf("## Add a setting"));
    Set<String> files = new LinkedHashSet<>();
    Matcher file = SOURCE_FILE.matcher(addABenchmark);
    while (file.find()) {
      files.add(file.group(1));
    }
    assertThat(files).hasSize(3);
    assertThat(addABenchmark).contains("../explanation/benchmarks.md");
  }

  /** The spec records the plan's JVMs run, the search JVMs' included. */
  private static Set<Class<? extends StepSpec>> forkedSteps(StepPlan plan) {
    Set<PlanStep.Measure> measures = new LinkedHashSet<>();
    List<PlanStep.Prepare> prepares = new ArrayList<>();
    for (PlanStep step : plan.steps()) {
      if (step instanceof PlanStep.Measure measure) {
        measures.add(measure);
      } else if (step instanceof PlanStep.Together together) {
        measures.addAll(together.jvms());
      } else if (step instanceof PlanStep.Prepare prepare) {
        prepares.add(prepare);
      }
    }
    Set<Class<? extends StepSpec>> types = new HashSet<>();
    measures.forEach(m -> types.add(m.spec().given(Set.of()).getClass()));
    prepares.forEach(p -> types.add(p.spec().given(Set.of()).getClass()));
    return types;
  }
}
