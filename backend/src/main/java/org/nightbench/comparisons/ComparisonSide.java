package org.nightbench.comparisons;

import java.util.ArrayList;
import java.util.List;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.plan.PlanSide;
import org.nightbench.protocol.result.HarnessResult;

/** One side of a running comparison: its harness steps and what its JVMs measured. */
final class ComparisonSide {

  final PlanSide plan;
  final HarnessSteps steps;
  final List<HarnessResult> results = new ArrayList<>();
  // The JVMs that recorded a JFR profile, each step named by its benchmark.
  final List<StepResult> recordings = new ArrayList<>();
  HarnessResult firstSearch;

  ComparisonSide(PlanSide plan, HarnessSteps steps) {
    this.plan = plan;
    this.steps = steps;
  }

  /** Keeps one of its JVMs' results as a sample of {@code benchmark}. */
  void sampled(String benchmark, StepResult step) {
    results.add(step.result());
    if (step.recording() != null) {
      recordings.add(new StepResult(benchmark, step.result(), step.recording()));
    }
    if (benchmark.equals("search") && firstSearch == null) {
      firstSearch = step.result();
    }
  }
}
