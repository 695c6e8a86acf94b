package org.nightbench.harness.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.MetricDefinition;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.springframework.util.FileSystemUtils;

/**
 * The control revision of a nightly run: a pinned Lucene release measured beside the revision under
 * test, so its series say what the machine did that night. It indexes the corpus as the search
 * index is indexed, then searches a few query categories of the run's task file in one JVM. Its
 * results are filed under benchmark {@code control} with the release in the task ({@code 10.6.0
 * HighTerm}, {@code 10.6.0 indexing default}): series of their own, never the measured revision's,
 * and a new release pinned starts new series. A failure costs the control only.
 */
public final class ControlBenchmark {

  /** The series benchmark the control's figures are filed under. */
  public static final String BENCHMARK = "control";

  private final HarnessSteps steps;
  private final BenchmarkProfile profile;
  private final String release;
  private final List<String> categories;

  /**
   * @param steps forks JVMs with the control release's jars
   * @param release the control's version, e.g. {@code 10.6.0}
   * @param categories the task file's categories the control searches
   */
  public ControlBenchmark(
      HarnessSteps steps, BenchmarkProfile profile, String release, List<String> categories) {
    this.steps = steps;
    this.profile = profile;
    this.release = release;
    this.categories = List.copyOf(categories);
  }

  /**
   * Indexes {@code corpus} and searches the categories of {@code tasks}, in {@code work}; the index
   * is removed afterwards.
   */
  public void run(Path corpus, Path tasks, Path work) {
    String name = BENCHMARK + " " + release;
    Path index = work.resolve("control-index");
    ProfileSpecs specs = new ProfileSpecs(profile);
    try {
      if (!steps.optional(
          name + " indexing",
          specs.index(profile.searchIndex(), corpus, index),
          work.resolve("control-index.json"),
          this::filed)) {
        return;
      }
      if (!Files.isRegularFile(tasks)) {
        steps.skipped(name + " search", "the run has no task file");
        return;
      }
      Path selected = work.resolve("control-tasks.txt");
      try {
        Files.write(selected, TaskCategories.select(Files.readAllLines(tasks), categories));
      } catch (IOException | IllegalArgumentException e) {
        steps.skipped(name + " search", e.getMessage());
        return;
      }
      steps.optional(
          name + " search",
          specs.search(index, selected, 1),
          work.resolve("control-search.json"),
          this::filed);
    } finally {
      FileSystemUtils.deleteRecursively(index.toFile());
    }
  }

  /**
   * {@code result} under the control's own series: benchmark {@code control}, the release first in
   * the task; no per-query details or curves, which belong to the measured revision's pages.
   */
  HarnessResult filed(HarnessResult result) {
    return new HarnessResult(
        result.schemaVersion(),
        result.command(),
        result.lucene(),
        result.environment(),
        result.metrics().stream().map(this::filed).toList(),
        List.of(),
        result.notes());
  }

  /**
   * {@code m} under the control's series, with the unit and direction its own benchmark's
   * definition declares: no definition names {@code control}, so ingestion keeps what is filed.
   */
  private Metric filed(Metric m) {
    MetricDefinition declared = Benchmarks.declarationOf(m);
    String task =
        release
            + " "
            + (m.benchmark().equals(SearchSpec.DEFINITION.series())
                ? m.task()
                : m.benchmark() + " " + m.task());
    return new Metric(
        BENCHMARK, task, m.name(), declared.unit(), declared.higherIsBetter(), m.value(), Map.of());
  }
}
