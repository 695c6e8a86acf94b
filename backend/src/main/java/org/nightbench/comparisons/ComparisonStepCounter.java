package org.nightbench.comparisons;

import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.worker.ComparisonRuns;

/**
 * Numbers the steps, "(step 7 of 46)", so the comparison's page can tell how far it is: a
 * comparison of many JVMs runs for a long time.
 */
final class ComparisonStepCounter {
  private final int total;
  private int done;

  ComparisonStepCounter(ComparisonRuns.Plan plan, BenchmarkProfile profile, boolean sharedIndex) {
    int perBenchmark = 2 * plan.jvms();
    int steps = (sharedIndex ? 1 : 2) + (plan.runs(ComparisonRuns.INDEXING) ? perBenchmark : 0);
    steps += profile.tasksFile() == null ? 1 : 0;
    steps += plan.runs(ComparisonRuns.SEARCH) ? perBenchmark : 0;
    steps += plan.runs(ComparisonRuns.PK_LOOKUP) ? perBenchmark : 0;
    steps += plan.runs(ComparisonRuns.NRT) ? perBenchmark * profile.nrt().size() : 0;
    steps += plan.runs(ComparisonRuns.LOAD) ? perBenchmark : 0;
    steps += plan.runs(ComparisonRuns.PK_POSTINGS) ? perBenchmark : 0;
    steps += plan.runs(ComparisonRuns.CHECK_INDEX) ? perBenchmark : 0;
    steps += plan.runs(ComparisonRuns.COLD_SEARCH) ? perBenchmark : 0;
    if (plan.runs(ComparisonRuns.STORED_FIELDS)) {
      steps += perBenchmark * profile.measurements().storedFields().modes().size();
    }
    steps += plan.runs(ComparisonRuns.FACET_TIMINGS) ? perBenchmark : 0;
    // The embedding, once for both sides, then each side's KNN JVMs.
    steps += plan.runs(ComparisonRuns.KNN) ? 1 + perBenchmark : 0;
    this.total = steps;
  }

  String name(String step) {
    done++;
    return step + " (step " + done + " of " + total + ")";
  }
}
