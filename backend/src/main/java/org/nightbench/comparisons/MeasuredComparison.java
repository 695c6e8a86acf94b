package org.nightbench.comparisons;

import org.nightbench.worker.ComparisonRuns;

/** A comparison run's outcome as the worker holds it until it stores it and ends the run. */
record MeasuredComparison(long runId, ComparisonOutcome outcome, ComparisonStore results)
    implements ComparisonRuns.Measured {

  @Override
  public String jdk() {
    return outcome.jdk();
  }

  @Override
  public int metrics() {
    return outcome.samples().size();
  }

  @Override
  public void store() {
    results.store(runId, outcome);
  }
}
