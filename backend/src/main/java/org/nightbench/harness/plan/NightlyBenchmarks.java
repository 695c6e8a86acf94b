package org.nightbench.harness.plan;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.harness.SeriesTasks;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.KnnSpec;

/**
 * The benchmarks of an ordinary run, as {@link BenchmarkPlanner#nightly()} orders them, with the
 * calibration workload timed around them. A benchmark that cannot run because one it depends on
 * failed is named as skipped.
 */
public final class NightlyBenchmarks {

  private final HarnessSteps steps;
  private final BenchmarkProfile profile;
  private final Path corpus;
  private final Path work;
  private final EmbeddingModel embedding;

  /**
   * @param corpus the line-docs file every indexing step reads
   * @param work the run's work directory, where indexes, task and result files go
   * @param embedding the model and cache of the vector search benchmark
   */
  public NightlyBenchmarks(
      HarnessSteps steps,
      BenchmarkProfile profile,
      Path corpus,
      Path work,
      EmbeddingModel embedding) {
    this.steps = steps;
    this.profile = profile;
    this.corpus = corpus;
    this.work = work;
    this.embedding = embedding;
  }

  /** Every benchmark of the profile, in the planner's order. */
  public void run() {
    StepPlan plan = new BenchmarkPlanner(profile, corpus, work, resolvedEmbedding()).nightly();
    new PlanRunner(List.of(steps), new PlanRunner.Listener() {}).run(plan);
  }

  /**
   * The embedding model with its jars resolved before the first step, so a model that cannot be
   * resolved costs the vector steps only; null when the profile has no vector search or then.
   */
  private EmbeddingModel resolvedEmbedding() {
    if (profile.section(KnnSpec.class).isEmpty()) {
      return null;
    }
    try {
      List<Path> jars = embedding.jars().get();
      return new EmbeddingModel(embedding.cacheDirectory(), () -> jars);
    } catch (RuntimeException e) {
      steps.skipped("KNN", "the embedding model cannot be resolved: " + e.getMessage());
      return null;
    }
  }

  /** Times the calibration workload; null when the profile has none or it failed. */
  public Double calibrate(String when) {
    if (profile.section(CalibrateSpec.class).isEmpty()) {
      return null;
    }
    Path out = work.resolve("calibration-" + when + ".json");
    if (!steps.optional(
        "calibration " + when,
        new ProfileSpecs(profile).calibrate(),
        out,
        result ->
            SeriesTasks.rename(result, CalibrateSpec.DEFINITION.series(), CalibrateSpec.TASK))) {
      return null;
    }
    return steps.results().get(steps.results().size() - 1).result().metrics().stream()
        .filter(m -> m.name().equals("score"))
        .map(m -> m.value())
        .findFirst()
        .orElse(null);
  }
}
