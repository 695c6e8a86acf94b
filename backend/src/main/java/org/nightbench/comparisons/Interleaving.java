package org.nightbench.comparisons;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.harness.StepResult;
import org.nightbench.protocol.StepSpec;

/**
 * Runs one benchmark in {@code jvms} fresh JVMs per side: A B, then B A, so neither side always
 * runs on the box as the other left it. Every JVM must succeed: a comparison with a JVM missing on
 * one side would weigh the sides unevenly.
 */
record Interleaving(
    int jvms, ComparisonSide a, ComparisonSide b, Path work, ComparisonStepCounter counter) {

  /** The step of one side's JVM number {@code jvm}. */
  @FunctionalInterface
  interface SideStep {
    StepSpec spec(ComparisonSide side, int jvm);
  }

  /** What to clean up after one side's JVM, such as an index built only to be measured. */
  @FunctionalInterface
  interface AfterJvm {
    void accept(ComparisonSide side, int jvm);

    AfterJvm NOTHING = (side, jvm) -> {};
  }

  void run(String benchmark, SideStep sideStep, AfterJvm after) {
    for (int jvm = 1; jvm <= jvms; jvm++) {
      for (ComparisonSide side : jvm % 2 == 1 ? List.of(a, b) : List.of(b, a)) {
        Path out =
            work.resolve(benchmark.replace(' ', '-') + "-" + side.name + "-" + jvm + ".json");
        HarnessResult result =
            side.steps.required(
                counter.name(benchmark + " " + side.name + " JVM " + jvm + "/" + jvms),
                sideStep.spec(side, jvm),
                out);
        side.results.add(result);
        StepResult step = side.steps.results().get(side.steps.results().size() - 1);
        if (step.recording() != null) {
          side.recordings.add(new StepResult(benchmark, result, step.recording()));
        }
        if (benchmark.equals("search") && side.firstSearch == null) {
          side.firstSearch = result;
        }
        after.accept(side, jvm);
      }
    }
  }
}
