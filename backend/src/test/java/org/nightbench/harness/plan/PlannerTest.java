package org.nightbench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.ConfiguredProfiles;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * The planner keeps the order and names of the steps a nightly run and a comparison forked before
 * there was one planner ({@code BenchmarkSteps}, {@code NightlyMeasurementSteps}, {@code
 * ComparisonMeasurement} with {@code Interleaving} and {@code ComparisonStepCounter}): the names
 * are the runs' artifacts and progress lines, and the order is what was measured.
 */
class PlannerTest {

  private static final Path CORPUS = Path.of("/c/corpus.gz");
  private static final Path WORK = Path.of("/w");
  private static final EmbeddingModel EMBEDDING = new EmbeddingModel(Path.of("/cache"), List::of);
  private static final List<PlanSide> SIDES =
      List.of(
          new PlanSide("baseline", "default", null, null),
          new PlanSide("candidate", "default", null, null));

  @Test
  void aNightlyRunForksEveryBenchmarkOfTheProfileInTheOrderItDidBefore() throws IOException {
    StepPlan plan = new BenchmarkPlanner(profile("nightly"), CORPUS, WORK, EMBEDDING).nightly();

    List<String> expected = new ArrayList<>();
    expected.addAll(
        List.of(
            "embedding",
            "skip KNN and the vector tasks: they need the embeddings",
            "indexing 1kb-docs",
            "indexing 4kb-docs",
            "indexing 1kb-docs-deterministic",
            "generating tasks",
            "embedding the vector tasks",
            "skip search, NRT and load: they need the task file"));
    for (int jvm = 1; jvm <= 10; jvm++) {
      expected.add("search JVM " + jvm + "/10");
    }
    expected.addAll(
        List.of(
            "PK lookups",
            "facet timings",
            "NRT plain",
            "NRT merging",
            "NRT throttled",
            "NRT plain-no-merge-wait",
            "load sweep on mmap",
            "load sweep on bytebuffers",
            "PK lookups, id postings in RAM",
            "CheckIndex",
            "skip cold page cache search: it needs the task file",
            "cold page cache search",
            "stored fields speed",
            "stored fields compression",
            "KNN",
            "vector indexing float32",
            "vector indexing int8"));
    assertThat(script(plan)).containsExactlyElementsOf(expected);
    assertThat(plan.given()).isEmpty();
  }

  @Test
  void aNightlyRunWritesItsResultsWhereItDidBefore() throws IOException {
    StepPlan plan = new BenchmarkPlanner(profile("quick"), CORPUS, WORK, EMBEDDING).nightly();

    assertThat(outs(plan))
        .containsExactly(
            "embed.json",
            "index.json",
            "index-4kb-docs.json",
            "index-1kb-docs-deterministic.json",
            "tasks.txt",
            "embed-tasks.json",
            "search-1.json",
            "search-2.json",
            "search-3.json",
            "pk.json",
            "facet-timings.json",
            "nrt-plain.json",
            "load-mmap.json",
            "pk-postings.json",
            "check-index.json",
            "cold-search.json",
            "stored-fields-speed.json",
            "stored-fields-compression.json",
            "knn.json",
            "vector-indexing-float32.json",
            "vector-indexing-int8.json");
  }

  @Test
  void theSearchIndexCarriesTheVectorsAndTheSearchTheVectorTasksOnlyWhenTheyWereEmbedded()
      throws IOException {
    StepPlan plan = new BenchmarkPlanner(profile("quick"), CORPUS, WORK, EMBEDDING).nightly();
    PlanStep.Measure index = (PlanStep.Measure) step(plan, "indexing 1kb-docs");
    PlanStep.Measure search = ((PlanStep.Together) step(plan, "search")).jvms().get(0);

    assertThat(((IndexSpec) index.spec().given(Set.of())).docVectors()).isNull();
    assertThat(((IndexSpec) index.spec().given(Set.of(Product.EMBEDDINGS))).docVectors())
        .isEqualTo(WORK.resolve("docs.vec"));
    assertThat(((SearchSpec) search.spec().given(Set.of(Product.TASKS))).taskVectors()).isNull();
    assertThat(
            ((SearchSpec) search.spec().given(Set.of(Product.TASKS, Product.TASK_VECTORS)))
                .taskVectors())
        .isEqualTo(WORK.resolve("task-vectors.vec"));
    assertThat(index.role()).isEqualTo(PlanStep.Role.REQUIRED);
  }

  @Test
  void aProfilesOwnTaskFileIsGivenAndAModelThatCannotBeResolvedLeavesTheVectorsOut()
      throws IOException {
    BenchmarkProfile profile = profile("given-tasks");

    StepPlan plan = new BenchmarkPlanner(profile, CORPUS, WORK, null).nightly();

    assertThat(plan.given()).containsExactly(Product.TASKS);
    assertThat(plan.jvms()).doesNotContain("generating tasks", "embedding", "KNN");
    assertThat(plan.jvms()).startsWith("indexing");
  }

  @Test
  void aComparisonOfTwoSearchJvmsPerSideIsTheSevenStepsItWasBefore() throws IOException {
    StepPlan plan =
        new BenchmarkPlanner(profile("quick"), CORPUS, WORK, EMBEDDING)
            .interleaved(SIDES, 2, List.of("search"), false, null);

    assertThat(plan.jvms())
        .containsExactly(
            "indexing baseline for the queries (step 1 of 7)",
            "indexing candidate for the queries (step 2 of 7)",
            "generating tasks (step 3 of 7)",
            "search baseline JVM 1/2 (step 4 of 7)",
            "search candidate JVM 1/2 (step 5 of 7)",
            "search candidate JVM 2/2 (step 6 of 7)",
            "search baseline JVM 2/2 (step 7 of 7)");
  }

  @Test
  void sidesThatShareAnIndexBuildItOnceAndReadTheFirstSidesCopy() throws IOException {
    StepPlan plan =
        new BenchmarkPlanner(profile("quick"), CORPUS, WORK, EMBEDDING)
            .interleaved(SIDES, 1, List.of("search"), true, (all, selected) -> {});

    assertThat(script(plan))
        .containsExactly(
            "indexing baseline for the queries (step 1 of 4)",
            "note both sides write the same index: the candidate reads the baseline's",
            "generating tasks (step 2 of 4)",
            "local selecting the tasks",
            "search baseline JVM 1/1 (step 3 of 4)",
            "search candidate JVM 1/1 (step 4 of 4)");
    PlanStep.Measure candidate = (PlanStep.Measure) plan.steps().get(5);
    SearchSpec search = (SearchSpec) candidate.spec().given(Set.of());
    assertThat(search.indexDir()).isEqualTo(WORK.resolve("index-baseline"));
    assertThat(search.tasks()).isEqualTo(WORK.resolve("tasks-selected.txt"));
    assertThat(candidate.side()).isEqualTo(1);
    assertThat(candidate.role()).isEqualTo(PlanStep.Role.SAMPLE);
  }

  /**
   * Every comparable benchmark on the quick profile: the catalogue's order, each benchmark's JVMs A
   * B then B A, the embedding once before KNN, and as many steps as {@code ComparisonStepCounter}
   * counted.
   */
  @Test
  void aComparisonOfEveryBenchmarkRunsThemInTheCataloguesOrderInterleaved() throws IOException {
    BenchmarkProfile quick = profile("quick");
    int jvms = 2;
    List<String> comparable = BenchmarkCatalogue.COMPARABLE;

    StepPlan plan =
        new BenchmarkPlanner(quick, CORPUS, WORK, EMBEDDING)
            .interleaved(SIDES, jvms, comparable, false, null);

    List<String> expected = new ArrayList<>();
    expected.addAll(interleaved("indexing 1kb-docs", jvms));
    expected.add("indexing baseline for the queries");
    expected.add("indexing candidate for the queries");
    expected.add("generating tasks");
    expected.addAll(interleaved("search", jvms));
    expected.addAll(interleaved("pk-lookup", jvms));
    expected.addAll(interleaved("facet-timings", jvms));
    expected.addAll(interleaved("nrt plain", jvms));
    expected.addAll(interleaved("load mmap", jvms));
    expected.addAll(interleaved("pk-postings", jvms));
    expected.addAll(interleaved("check-index", jvms));
    expected.addAll(interleaved("cold-search", jvms));
    expected.addAll(interleaved("stored-fields speed", jvms));
    expected.addAll(interleaved("stored-fields compression", jvms));
    expected.add("embedding");
    expected.addAll(interleaved("knn", jvms));
    expected.addAll(interleaved("vector-indexing float32", jvms));
    expected.addAll(interleaved("vector-indexing int8", jvms));
    int total = oldStepCount(quick, jvms, comparable, false);
    assertThat(total).isEqualTo(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      expected.set(i, expected.get(i) + " (step " + (i + 1) + " of " + total + ")");
    }
    assertThat(plan.jvms()).containsExactlyElementsOf(expected);
  }

  @Test
  void vectorIndexingAloneEmbedsOnceBeforeItsJvms() throws IOException {
    StepPlan plan =
        new BenchmarkPlanner(profile("quick"), CORPUS, WORK, EMBEDDING)
            .interleaved(SIDES, 1, List.of("vector-indexing"), true, null);

    assertThat(plan.jvms())
        .containsExactly(
            "indexing baseline for the queries (step 1 of 7)",
            "generating tasks (step 2 of 7)",
            "embedding (step 3 of 7)",
            "vector-indexing float32 baseline JVM 1/1 (step 4 of 7)",
            "vector-indexing float32 candidate JVM 1/1 (step 5 of 7)",
            "vector-indexing int8 baseline JVM 1/1 (step 6 of 7)",
            "vector-indexing int8 candidate JVM 1/1 (step 7 of 7)");
  }

  /** One benchmark's JVMs as {@code Interleaving} ran them: A B, then B A, and so on. */
  private static List<String> interleaved(String benchmark, int jvms) {
    List<String> labels = new ArrayList<>();
    for (int jvm = 1; jvm <= jvms; jvm++) {
      for (String side :
          jvm % 2 == 1 ? List.of("baseline", "candidate") : List.of("candidate", "baseline")) {
        labels.add(benchmark + " " + side + " JVM " + jvm + "/" + jvms);
      }
    }
    return labels;
  }

  /** How many steps {@code ComparisonStepCounter} said a comparison has, as it counted them. */
  private static int oldStepCount(
      BenchmarkProfile profile, int jvms, List<String> benchmarks, boolean sharedIndex) {
    int perBenchmark = 2 * jvms;
    int steps = (sharedIndex ? 1 : 2) + (benchmarks.contains("indexing") ? perBenchmark : 0);
    steps += profile.tasksFile() == null ? 1 : 0;
    for (String single :
        List.of("search", "pk-lookup", "load", "pk-postings", "check-index", "cold-search")) {
      steps += benchmarks.contains(single) ? perBenchmark : 0;
    }
    steps += benchmarks.contains("nrt") ? perBenchmark * profile.nrt().size() : 0;
    if (benchmarks.contains("stored-fields")) {
      steps += perBenchmark * profile.storedFieldsModes().modes().size();
    }
    steps += benchmarks.contains("facet-timings") ? perBenchmark : 0;
    boolean vectorIndexing = benchmarks.contains("vector-indexing");
    steps += benchmarks.contains("knn") || vectorIndexing ? 1 : 0;
    steps += benchmarks.contains("knn") ? perBenchmark : 0;
    steps +=
        vectorIndexing
            ? perBenchmark
                * profile.section(VectorIndexingSpec.class).orElseThrow().formats().size()
            : 0;
    return steps;
  }

  /** Every step of the plan in order, the JVMs by their labels. */
  private static List<String> script(StepPlan plan) {
    List<String> script = new ArrayList<>();
    for (PlanStep step : plan.steps()) {
      if (step instanceof PlanStep.Skip skip) {
        script.add("skip " + skip.label() + ": " + skip.because());
      } else if (step instanceof PlanStep.Note) {
        script.add("note " + step.label());
      } else if (step instanceof PlanStep.Local) {
        script.add("local " + step.label());
      } else if (step instanceof PlanStep.Together together) {
        together.jvms().forEach(jvm -> script.add(jvm.label()));
      } else {
        script.add(step.label());
      }
    }
    return script;
  }

  private static List<String> outs(StepPlan plan) {
    List<String> outs = new ArrayList<>();
    for (PlanStep step : plan.steps()) {
      if (step instanceof PlanStep.Measure measure) {
        outs.add(measure.out().getFileName().toString());
      } else if (step instanceof PlanStep.Prepare prepare) {
        outs.add(prepare.out().getFileName().toString());
      } else if (step instanceof PlanStep.Together together) {
        together.jvms().forEach(jvm -> outs.add(jvm.out().getFileName().toString()));
      }
    }
    return outs;
  }

  private static PlanStep step(StepPlan plan, String label) {
    return plan.steps().stream().filter(s -> s.label().equals(label)).findFirst().orElseThrow();
  }

  private static BenchmarkProfile profile(String name) throws IOException {
    Map<String, BenchmarkProfile> profiles = ConfiguredProfiles.all();
    return profiles.get(name);
  }
}
