package org.nightbench.harness.plan;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;

/**
 * The one place the benchmarks of a run are put in order: index, then the tasks, then what reads
 * the index (search, PK lookups, NRT, load, the nightly's other measurements) and what reads the
 * embedded vectors (KNN, vector indexing). A nightly run forks each benchmark's JVMs on its one
 * side; a comparison or a bisect probe alternates several sides' JVMs per benchmark. Both are
 * forked by {@link PlanRunner}.
 */
public final class BenchmarkPlanner {

  private final BenchmarkProfile profile;
  private final Path corpus;
  private final Path work;
  private final EmbeddingModel embedding;

  /**
   * @param corpus the line-docs file every indexing step reads
   * @param work the run's work directory, where indexes, task and result files go
   * @param embedding the model vector search embeds with; null for no vector steps (a nightly run
   *     whose model cannot be resolved)
   */
  public BenchmarkPlanner(
      BenchmarkProfile profile, Path corpus, Path work, EmbeddingModel embedding) {
    this.profile = profile;
    this.corpus = corpus;
    this.work = work;
    this.embedding = embedding;
  }

  /**
   * A nightly run's steps: every benchmark its profile configures, each failure but the search
   * index's noted while the others go on.
   */
  public StepPlan nightly() {
    return new NightlyPlan(profile, corpus, work, embedding).build();
  }

  /**
   * A comparison's steps: each benchmark of {@code benchmarks} in {@code jvms} fresh JVMs per side,
   * the sides alternating (A B, then B A) so neither always runs on the box as the other left it.
   * Every JVM must succeed: a side with a JVM missing would weigh the sides unevenly.
   *
   * @param sharedIndex whether the sides write the same bytes, so one index serves both
   * @param selection cuts the task file to some categories; null for all of them
   */
  public StepPlan interleaved(
      List<PlanSide> sides,
      int jvms,
      Collection<String> benchmarks,
      boolean sharedIndex,
      TaskSelection selection) {
    return new InterleavedPlan(profile, corpus, work, embedding, sides, jvms, sharedIndex)
        .build(benchmarks, selection);
  }
}
