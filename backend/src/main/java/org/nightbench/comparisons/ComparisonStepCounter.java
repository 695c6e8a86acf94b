package org.nightbench.comparisons;

import org.nightbench.harness.BenchmarkProfile;

/**
 * Numbers the steps, "(step 7 of 46)", so the comparison's page can tell how far it is: a
 * comparison of many JVMs runs for a long time.
 */
final class ComparisonStepCounter {
  private final int total;
  private int done;

  ComparisonStepCounter(ComparisonPlan plan, BenchmarkProfile profile, boolean sharedIndex) {
    int perBenchmark = 2 * plan.jvms();
    int steps = (sharedIndex ? 1 : 2) + (plan.runs(ComparisonPlan.INDEXING) ? perBenchmark : 0);
    steps += profile.tasksFile() == null ? 1 : 0;
    steps += plan.runs(ComparisonPlan.SEARCH) ? perBenchmark : 0;
    steps += plan.runs(ComparisonPlan.PK_LOOKUP) ? perBenchmark : 0;
    steps += plan.runs(ComparisonPlan.NRT) ? perBenchmark * profile.nrt().size() : 0;
    steps += plan.runs(ComparisonPlan.LOAD) ? perBenchmark : 0;
    steps += plan.runs(ComparisonPlan.PK_POSTINGS) ? perBenchmark : 0;
    steps += plan.runs(ComparisonPlan.CHECK_INDEX) ? perBenchmark : 0;
    steps += plan.runs(ComparisonPlan.COLD_SEARCH) ? perBenchmark : 0;
    if (plan.runs(ComparisonPlan.STORED_FIELDS)) {
      steps += perBenchmark * profile.measurements().storedFieldsModes().modes().size();
    }
    steps += plan.runs(ComparisonPlan.FACET_TIMINGS) ? perBenchmark : 0;
    // The embedding, once for both sides and both benchmarks, then each side's JVMs.
    boolean vectorIndexing = plan.runs(ComparisonMeasurement.VECTOR_INDEXING);
    steps += plan.runs(ComparisonPlan.KNN) || vectorIndexing ? 1 : 0;
    steps += plan.runs(ComparisonPlan.KNN) ? perBenchmark : 0;
    steps += vectorIndexing ? perBenchmark * profile.vectorIndexing().formats().size() : 0;
    this.total = steps;
  }

  String name(String step) {
    done++;
    return step + " (step " + done + " of " + total + ")";
  }
}
