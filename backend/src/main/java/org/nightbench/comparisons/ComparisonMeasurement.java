package org.nightbench.comparisons;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.plan.BenchmarkPlanner;
import org.nightbench.harness.plan.PlanRunner;
import org.nightbench.harness.plan.PlanSide;
import org.nightbench.harness.plan.PlanStep;
import org.nightbench.harness.plan.StepPlan;
import org.nightbench.harness.plan.TaskCategories;
import org.nightbench.harness.plan.TaskSelection;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.spec.SpecFile;
import org.nightbench.worker.ComparisonRuns;

/**
 * One comparison run's measuring: the planner's interleaved steps forked on both sides, each JVM's
 * result kept as a sample of its side, and the indexes the queries read kept between comparisons.
 */
final class ComparisonMeasurement implements PlanRunner.Listener {

  private final ComparisonPlan plan;
  private final ComparisonSetup setup;
  private final Consumer<String> log;
  private final QueryIndexCache indexes;
  private final List<ComparisonSide> sides;
  private final StepPlan steps;
  // The cache key of the query index being built, between restored() and built().
  private String queryIndexKey;

  ComparisonMeasurement(
      ComparisonPlan plan,
      ComparisonSetup setup,
      ComparisonRuns.Worker worker,
      Path work,
      QueryIndexCache indexes,
      EmbeddingModel embedding) {
    this.plan = plan;
    this.setup = setup;
    this.log = worker.log();
    this.indexes = indexes;
    this.sides =
        List.of(
            side("baseline", plan.baseline(), setup.baseline(), worker),
            side("candidate", plan.candidate(), setup.candidate(), worker));
    this.steps =
        new BenchmarkPlanner(setup.profile(), setup.corpus().path(), work, embedding)
            .interleaved(
                sides.stream().map(side -> side.plan).toList(),
                plan.jvms(),
                plan.benchmarks(),
                sharesIndex(setup.baseline(), setup.candidate(), plan),
                selection(plan.categories()));
  }

  /** The same Lucene jars writing with the same codec settings: one index serves both sides. */
  static boolean sharesIndex(
      ResolvedLucene baseline, ResolvedLucene candidate, ComparisonPlan plan) {
    return baseline.jars().equals(candidate.jars())
        && Objects.equals(plan.baseline().storedFields(), plan.candidate().storedFields())
        && Objects.equals(plan.baseline().postingsFormat(), plan.candidate().postingsFormat());
  }

  private ComparisonSide side(
      String name,
      ComparisonPlan.Side side,
      ResolvedLucene resolved,
      ComparisonRuns.Worker worker) {
    BenchmarkProfile profile = setup.profile();
    List<String> jvmArgs = new ArrayList<>(profile.jvmArgs());
    // Later flags win in a JVM's command line: a side's own -Xmx overrides the profile's.
    jvmArgs.addAll(side.jvmArgs());
    return new ComparisonSide(
        new PlanSide(name, side.directory(), side.storedFields(), side.postingsFormat()),
        worker.steps(setup.jdk(), resolved, profile.asSide(jvmArgs, plan.jfr())));
  }

  /** The task categories asked for; null for all of them. */
  private static TaskSelection selection(List<String> categories) {
    if (categories.isEmpty()) {
      return null;
    }
    return (all, selected) ->
        Files.write(selected, TaskCategories.select(Files.readAllLines(all), categories));
  }

  /** Forks every JVM of the plan, both sides alternating; throws when one fails. */
  void measure() {
    new PlanRunner(sides.stream().map(side -> side.steps).toList(), this).run(steps);
  }

  @Override
  public void sampled(PlanStep.Measure step, StepResult result) {
    sides.get(step.side()).sampled(step.benchmark(), result);
  }

  /**
   * Only a commit's build is kept: a bisect compares the same commits again and again, while
   * releases index afresh, as the comparisons' honesty was measured.
   */
  @Override
  public boolean restored(PlanStep.Measure step, StepSpec spec) {
    ResolvedLucene lucene = step.side() == 0 ? setup.baseline() : setup.candidate();
    Path index = ((IndexSpec) spec).indexDir();
    queryIndexKey =
        lucene.commit() == null
            ? null
            : QueryIndexCache.key(
                List.of(SpecFile.toJson(spec).toString()),
                index,
                step.out(),
                lucene.jars(),
                setup.corpus().sha256(),
                setup.jdk().identity());
    if (queryIndexKey != null && indexes.restore(queryIndexKey, index, step.out())) {
      log.accept(
          step.label() + ": reusing the index an earlier comparison built (" + queryIndexKey + ")");
      return true;
    }
    return false;
  }

  @Override
  public void built(PlanStep.Measure step, StepSpec spec) {
    if (queryIndexKey != null) {
      indexes.store(queryIndexKey, ((IndexSpec) spec).indexDir(), step.out());
    }
  }

  /** Every metric both sides measured, and the queries whose answers differ between them. */
  ComparisonOutcome outcome() {
    ComparisonSide a = sides.get(0);
    ComparisonSide b = sides.get(1);
    return new ComparisonOutcome(
        setup.baseline().version(),
        setup.candidate().version(),
        setup.jdk().identity(),
        ComparisonSamples.samples(a.results, b.results),
        plan.runs(SearchSpec.DEFINITION.name())
            ? ComparisonSamples.mismatches(a.firstSearch, b.firstSearch)
            : List.of(),
        a.recordings,
        b.recordings);
  }
}
