package org.nightbench.harness.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.plan.PlanStep.Local;
import org.nightbench.harness.plan.PlanStep.Measure;
import org.nightbench.harness.plan.PlanStep.Note;
import org.nightbench.harness.plan.PlanStep.Prepare;
import org.nightbench.harness.plan.PlanStep.Skip;
import org.nightbench.harness.plan.PlanStep.Together;
import org.nightbench.protocol.StepSpec;
import org.springframework.util.FileSystemUtils;

/**
 * Forks a {@link StepPlan}'s JVMs in order, each through its side's {@link HarnessSteps}, for a
 * nightly run and a comparison alike. It keeps track of what the steps made, passes over a step
 * whose input is missing, and tells its {@link Listener} what the caller keeps beyond the steps'
 * own results.
 */
public final class PlanRunner {

  /** What a caller keeps of a plan's steps beyond the sides' own results. */
  public interface Listener {

    /** A {@link PlanStep.Role#SAMPLE} JVM's result, as its side's steps recorded it. */
    default void sampled(Measure step, StepResult result) {}

    /**
     * Puts the query index {@code spec} writes, and its result at {@code step.out()}, in place from
     * a cache; true when it did, so the JVM is not forked.
     */
    default boolean restored(Measure step, StepSpec spec) {
      return false;
    }

    /** A query index was built as {@code spec} says. */
    default void built(Measure step, StepSpec spec) {}
  }

  private final List<HarnessSteps> sides;
  private final Listener listener;
  private final Set<Product> made = EnumSet.noneOf(Product.class);

  /** {@code sides} fork the JVMs of the plan's sides, by their position. */
  public PlanRunner(List<HarnessSteps> sides, Listener listener) {
    this.sides = List.copyOf(sides);
    this.listener = listener;
  }

  /**
   * Runs every step; throws when a required one fails, and {@link
   * org.nightbench.harness.HarnessCancelledException} when a JVM was cancelled.
   */
  public void run(StepPlan plan) {
    made.addAll(plan.given());
    for (PlanStep step : plan.steps()) {
      boolean ready = made.containsAll(step.needs());
      if (step instanceof Skip skip) {
        if (!ready) {
          sides.get(0).skipped(skip.label(), skip.because());
        }
      } else if (!ready) {
        continue;
      } else if (step instanceof Measure measure) {
        measure(measure);
      } else if (step instanceof Prepare prepare) {
        prepare(prepare);
      } else if (step instanceof Together together) {
        together(together);
      } else if (step instanceof Note note) {
        sides.get(0).note(note.label());
      } else if (step instanceof Local local) {
        local(local);
      }
    }
  }

  private void measure(Measure step) {
    HarnessSteps steps = sides.get(step.side());
    StepSpec spec = step.spec().given(made);
    switch (step.role()) {
      case OPTIONAL -> steps.optional(step.label(), spec, step.out(), step.adjust());
      case REQUIRED -> steps.required(step.label(), spec, step.out());
      case QUERY_INDEX -> {
        if (!listener.restored(step, spec)) {
          steps.required(step.label(), spec, step.out());
          listener.built(step, spec);
        }
      }
      case SAMPLE -> {
        steps.required(step.label(), spec, step.out());
        listener.sampled(step, steps.results().get(steps.results().size() - 1));
      }
    }
    if (step.scratch() != null) {
      FileSystemUtils.deleteRecursively(step.scratch().toFile());
    }
  }

  private void prepare(Prepare step) {
    boolean written =
        sides
            .get(step.side())
            .optionalFile(
                step.label(), step.spec().given(made), step.out(), step.file(), step.jars().get());
    if (written) {
      made.add(step.makes());
    } else if (step.failure() != null) {
      throw new IllegalStateException(step.failure());
    }
  }

  private void together(Together step) {
    List<String> labels = new ArrayList<>();
    List<StepSpec> specs = new ArrayList<>();
    List<java.nio.file.Path> outs = new ArrayList<>();
    for (Measure jvm : step.jvms()) {
      labels.add(jvm.label());
      specs.add(jvm.spec().given(made));
      outs.add(jvm.out());
    }
    sides.get(step.jvms().get(0).side()).group(labels, specs, outs);
  }

  private void local(Local step) {
    try {
      step.action().run();
    } catch (IOException e) {
      throw new UncheckedIOException(step.label() + ": " + e.getMessage(), e);
    }
  }
}
