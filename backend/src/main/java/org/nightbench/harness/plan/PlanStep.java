package org.nightbench.harness.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.result.HarnessResult;

/**
 * One step of a {@link StepPlan}, in the order the plan runs them: a JVM that measures, a JVM that
 * writes a file for later steps, JVMs that count only together, or work done between JVMs.
 */
public sealed interface PlanStep {

  /** The step's name as the log, the progress line and the run's artifacts show it. */
  String label();

  /** What earlier steps must have made; the step is passed over when any of it is missing. */
  Set<Product> needs();

  /** A step's spec, which may depend on what earlier steps made (vectors for the index). */
  @FunctionalInterface
  interface SpecFor {
    StepSpec given(Set<Product> made);

    static SpecFor of(StepSpec spec) {
      return made -> spec;
    }
  }

  /** What a measuring JVM's failure costs and where its result goes. */
  enum Role {
    /** Its failure is noted on the run and the other benchmarks go on. */
    OPTIONAL,
    /** The later steps cannot do without it: its failure ends the plan. */
    REQUIRED,
    /** The index the queries read: required, and the caller may restore it from a cache. */
    QUERY_INDEX,
    /** One side's JVM of an interleaved benchmark: required, and a sample of its benchmark. */
    SAMPLE
  }

  /**
   * A JVM whose result is kept.
   *
   * @param side which of the plan's sides forks it (0 for a nightly run)
   * @param benchmark the benchmark a {@link Role#SAMPLE} is a sample of, e.g. {@code nrt plain};
   *     null otherwise
   * @param adjust applied to the result before it is kept
   * @param scratch a directory the JVM fills only to be measured, removed after it; null for none
   */
  record Measure(
      String label,
      int side,
      Role role,
      String benchmark,
      SpecFor spec,
      Path out,
      Set<Product> needs,
      UnaryOperator<HarnessResult> adjust,
      Path scratch)
      implements PlanStep {

    public Measure {
      needs = Set.copyOf(needs);
    }

    Measure named(String name) {
      return new Measure(name, side, role, benchmark, spec, out, needs, adjust, scratch);
    }
  }

  /**
   * A JVM that writes {@code file} for later steps (the task file, the embeddings).
   *
   * @param jars extra jars on its class path after the Lucene under test, such as the embedding
   *     model's; resolved only when the step runs
   * @param makes what later steps find when it succeeded
   * @param failure the message the plan fails with when this step fails; null when the failure is
   *     only noted and the steps that need {@code makes} are passed over
   */
  record Prepare(
      String label,
      int side,
      SpecFor spec,
      Path out,
      Path file,
      Supplier<List<Path>> jars,
      Set<Product> needs,
      Product makes,
      String failure)
      implements PlanStep {

    public Prepare {
      needs = Set.copyOf(needs);
    }

    Prepare named(String name) {
      return new Prepare(name, side, spec, out, file, jars, needs, makes, failure);
    }
  }

  /**
   * JVMs that make one benchmark together (the search JVMs): all of their results or none, so a
   * point's ±1σ never silently covers fewer JVMs than the profile says.
   */
  record Together(String label, List<Measure> jvms, Set<Product> needs) implements PlanStep {

    public Together {
      jvms = List.copyOf(jvms);
      needs = Set.copyOf(needs);
    }
  }

  /**
   * Says once that the benchmarks named by {@code label} cannot run because {@code because}; only
   * when something it needs is missing, and then noted on the run.
   */
  record Skip(String label, String because, Set<Product> needs) implements PlanStep {

    public Skip {
      needs = Set.copyOf(needs);
    }
  }

  /** A line for the log: why the plan looks as it does. */
  record Note(String label) implements PlanStep {

    @Override
    public Set<Product> needs() {
      return Set.of();
    }
  }

  /** Work done in the worker between JVMs, such as cutting the task file to some categories. */
  record Local(String label, Set<Product> needs, Action action) implements PlanStep {

    public Local {
      needs = Set.copyOf(needs);
    }

    /** The work; its failure ends the plan. */
    @FunctionalInterface
    public interface Action {
      void run() throws IOException;
    }
  }
}
