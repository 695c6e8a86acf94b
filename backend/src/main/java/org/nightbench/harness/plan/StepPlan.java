package org.nightbench.harness.plan;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The steps of one run in the order they run, as {@link BenchmarkPlanner} builds them and {@link
 * PlanRunner} forks them.
 *
 * @param given what the run has before its first step (a profile's own task file)
 */
public record StepPlan(List<PlanStep> steps, Set<Product> given) {

  public StepPlan {
    steps = List.copyOf(steps);
    given = given.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(given));
  }

  /** The label of every JVM the plan forks, in order, when all of them run. */
  public List<String> jvms() {
    List<String> labels = new ArrayList<>();
    for (PlanStep step : steps) {
      if (step instanceof PlanStep.Together together) {
        together.jvms().forEach(jvm -> labels.add(jvm.label()));
      } else if (step instanceof PlanStep.Measure || step instanceof PlanStep.Prepare) {
        labels.add(step.label());
      }
    }
    return labels;
  }

  /**
   * The same plan with every JVM's label numbered, "(step 7 of 46)", so a long comparison's page
   * can tell how far it is. The total is the plan's own length: a query index restored from a cache
   * still counts, as the JVM it replaces would.
   */
  StepPlan numbered() {
    int total = jvms().size();
    int done = 0;
    List<PlanStep> numbered = new ArrayList<>();
    for (PlanStep step : steps) {
      if (step instanceof PlanStep.Measure measure) {
        numbered.add(measure.named(number(measure.label(), ++done, total)));
      } else if (step instanceof PlanStep.Prepare prepare) {
        numbered.add(prepare.named(number(prepare.label(), ++done, total)));
      } else if (step instanceof PlanStep.Together) {
        throw new IllegalStateException("an interleaved plan has no JVMs that count together");
      } else {
        numbered.add(step);
      }
    }
    return new StepPlan(numbered, given);
  }

  private static String number(String label, int step, int total) {
    return label + " (step " + step + " of " + total + ")";
  }
}
