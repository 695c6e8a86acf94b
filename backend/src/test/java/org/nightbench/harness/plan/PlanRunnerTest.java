package org.nightbench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.ConfiguredProfiles;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.HarnessJar;
import org.nightbench.harness.HarnessJvms;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.HarnessTarget;
import org.nightbench.harness.StepJournal;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.StepSettings;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the runner does when a step fails, with a fake harness JVM (a shell script) that writes an
 * empty result, touches the vector files its spec names, and fails for the spec types it is told: a
 * nightly run passes over what needs the failed step's output and says so once, as before; a
 * comparison stops at its first failure.
 */
class PlanRunnerTest {

  @TempDir Path temp;
  private final List<String> progress = new CopyOnWriteArrayList<>();
  private final List<String> log = new CopyOnWriteArrayList<>();

  @Test
  void withoutTheTaskFileANightlyRunSkipsWhatReadsItAndRunsTheRest() throws IOException {
    HarnessSteps steps = steps("generate-tasks");

    run(steps, nightly());

    assertThat(steps.failures())
        .containsExactly(
            "generating tasks: generate-tasks broke",
            "search, NRT and load: skipped, they need the task file",
            "cold page cache search: skipped, it needs the task file");
    assertThat(progress)
        .containsExactly(
            "embedding",
            "indexing 1kb-docs",
            "indexing 4kb-docs",
            "indexing 1kb-docs-deterministic",
            "generating tasks",
            "PK lookups",
            "facet timings",
            "PK lookups, id postings in RAM",
            "CheckIndex",
            "stored fields speed",
            "stored fields compression",
            "KNN",
            "vector indexing float32",
            "vector indexing int8");
    assertThat(specOf("index.json")).contains("docs.vec");
  }

  @Test
  void withoutTheEmbeddingsANightlyRunLeavesTheVectorsOutAndSearchesTheRest() throws IOException {
    HarnessSteps steps = steps("embed");

    run(steps, nightly());

    assertThat(steps.failures())
        .containsExactly(
            "embedding: embed broke",
            "KNN and the vector tasks: skipped, they need the embeddings");
    assertThat(progress).contains("search JVM 3/3", "cold page cache search");
    assertThat(progress)
        .doesNotContain("embedding the vector tasks", "KNN", "vector indexing float32");
    assertThat(specOf("index.json")).doesNotContain("docs.vec");
    assertThat(specOf("search-1.json")).doesNotContain("task-vectors.vec");
    assertThat(steps.results().stream().map(StepResult::step)).contains("search JVM 1/3");
  }

  /**
   * The index search queries was written by the first indexing step, the task file by generating
   * tasks: search's points record both steps' settings, so a changed indexing setting starts a
   * segment on the search series too. Another indexing variant does not read the first's index.
   */
  @Test
  void searchRecordsTheSettingsOfTheIndexAndTheTasksItReads() throws IOException {
    HarnessSteps steps = steps();

    run(steps, nightly());

    StepSettings search = settingsOf(steps, "search JVM 1/3");
    StepSettings indexing = settingsOf(steps, "indexing 1kb-docs");
    assertThat(search.values())
        .containsEntry("index.doc-chars", "1024")
        .containsEntry("index.threads", "2")
        .containsKey("generate-tasks.seed")
        .doesNotContainKey("index." + StepSettings.JVM_ARGS);
    indexing
        .values()
        .forEach(
            (name, value) -> {
              if (!name.equals(StepSettings.JVM_ARGS)) {
                assertThat(search.values()).containsEntry("index." + name, value);
              }
            });
    assertThat(indexing.values().keySet()).noneMatch(name -> name.startsWith("index."));
    assertThat(settingsOf(steps, "PK lookups").values()).containsEntry("index.doc-chars", "1024");
    assertThat(settingsOf(steps, "indexing 4kb-docs").values().keySet())
        .noneMatch(name -> name.startsWith("index."));
  }

  @Test
  void aComparisonStopsAtItsFirstFailedJvm() throws IOException {
    HarnessSteps baseline = steps("pk-lookup");
    HarnessSteps candidate = steps("pk-lookup");
    List<String> sampled = new ArrayList<>();
    StepPlan plan =
        new BenchmarkPlanner(quick(), temp.resolve("corpus"), temp.resolve("work"), null)
            .interleaved(
                List.of(
                    new PlanSide("baseline", "default", null, null),
                    new PlanSide("candidate", "default", null, null)),
                1,
                List.of("search", "pk-lookup", "nrt"),
                true,
                null);
    PlanRunner runner =
        new PlanRunner(
            List.of(baseline, candidate),
            new PlanRunner.Listener() {
              @Override
              public void sampled(PlanStep.Measure step, StepResult result) {
                sampled.add(step.label());
              }
            });

    assertThatThrownBy(() -> runner.run(plan)).hasMessageContaining("pk-lookup broke");

    assertThat(sampled)
        .containsExactly(
            "search baseline JVM 1/1 (step 3 of 8)", "search candidate JVM 1/1 (step 4 of 8)");
    assertThat(log).contains("both sides write the same index: the candidate reads the baseline's");
    assertThat(progress).last().isEqualTo("pk-lookup baseline JVM 1/1 (step 5 of 8)");
  }

  @Test
  void aComparisonWhoseTasksCannotBeGeneratedFailsWithOneLine() throws IOException {
    HarnessSteps baseline = steps("generate-tasks");
    StepPlan plan =
        new BenchmarkPlanner(quick(), temp.resolve("corpus"), temp.resolve("work"), null)
            .interleaved(
                List.of(
                    new PlanSide("baseline", "default", null, null),
                    new PlanSide("candidate", "default", null, null)),
                1,
                List.of("search"),
                true,
                null);

    assertThatThrownBy(() -> run(baseline, plan))
        .hasMessage("generating the tasks failed; see the log");
  }

  private StepPlan nightly() throws IOException {
    Path work = Files.createDirectories(temp.resolve("work"));
    EmbeddingModel embedding = new EmbeddingModel(temp.resolve("cache"), List::of);
    return new BenchmarkPlanner(quick(), temp.resolve("corpus"), work, embedding).nightly();
  }

  private void run(HarnessSteps steps, StepPlan plan) {
    new PlanRunner(List.of(steps, steps), new PlanRunner.Listener() {}).run(plan);
  }

  private static BenchmarkProfile quick() throws IOException {
    return ConfiguredProfiles.all().get("quick");
  }

  private static StepSettings settingsOf(HarnessSteps steps, String step) {
    return steps.results().stream()
        .filter(result -> result.step().equals(step))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no result of " + step))
        .settings();
  }

  /** The spec file the fake JVM that wrote {@code out} was given. */
  private String specOf(String out) throws IOException {
    return Files.readString(temp.resolve("specs").resolve(out));
  }

  /** A side's steps forking the fake JVM, which fails for the spec types {@code failing}. */
  private HarnessSteps steps(String... failing) throws IOException {
    Path home = temp.resolve("jdk");
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.createDirectories(temp.resolve("specs"));
    Files.createDirectories(temp.resolve("work"));
    Files.writeString(
        java,
        String.join(
            "\n",
            "#!/bin/sh",
            "for a; do spec=$out; out=$a; done",
            "cp \"$spec\" " + temp.resolve("specs") + "/$(basename \"$out\")",
            "type=$(grep -o '\"type\" *: *\"[a-z-]*\"' \"$spec\" | head -1 | sed 's/.*\"\\([a-z-]*\\)\"$/\\1/')",
            "case ' " + String.join(" ", failing) + " ' in *\" $type \"*)",
            "  echo \"ERROR: $type broke\" >&2; exit 1;;",
            "esac",
            "grep -o '\"[^\"]*\\.vec\"' \"$spec\" | tr -d '\"' | xargs -r touch",
            // Indexing writes its index directory, as the harness does.
            "[ \"$type\" = index ] && grep -o '\"indexDir\" *: *\"[^\"]*\"' \"$spec\""
                + " | sed 's/.*: *\"//; s/\"$//' | xargs -r mkdir -p",
            "printf '{\"schemaVersion\":2,\"command\":\"%s\"}' \"$type\" > \"$out\"",
            ""));
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    StepJournal journal =
        new StepJournal() {
          @Override
          public void accept(String line) {
            log.add(line);
          }

          @Override
          public void progress(String step) {
            progress.add(step);
          }
        };
    HarnessJvms jvms =
        new HarnessJvms(
            new HarnessLauncher(new HarnessJar(temp.resolve("harness"))),
            JsonMapper.builder().build(),
            null);
    return jvms.steps(
        journal,
        Cancellation.NONE,
        new HarnessTarget(home, List.of(), quick(), Duration.ofMinutes(1)));
  }
}
