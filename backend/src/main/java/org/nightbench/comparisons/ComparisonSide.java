package org.nightbench.comparisons;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.harness.StepResult;
import org.nightbench.protocol.IndexSpec;

/** One side of a running comparison: its harness steps, its index and what its JVMs measured. */
final class ComparisonSide {

  final String name;
  final HarnessSteps steps;
  Path index;
  final String directory;
  final ComparisonPlan.Side settings;
  final List<HarnessResult> results = new ArrayList<>();
  // The JVMs that recorded a JFR profile, each step named by its benchmark.
  final List<StepResult> recordings = new ArrayList<>();
  HarnessResult firstSearch;

  ComparisonSide(String name, HarnessSteps steps, Path index, ComparisonPlan.Side settings) {
    this.name = name;
    this.steps = steps;
    this.index = index;
    this.directory = settings.directory();
    this.settings = settings;
  }

  /** The indexing step of this side: its own stored fields and postings format. */
  IndexSpec index(ProfileSpecs specs, IndexingVariant variant, Path corpus, Path indexDir) {
    return specs.index(
        variant, corpus, indexDir, settings.storedFields(), settings.postingsFormat());
  }

  HarnessResult firstSearch() {
    return firstSearch;
  }
}
