package org.nightbench.runs;

import java.util.List;

/**
 * What a run's page says beyond its numbers: remarks, the box's state, the calibration verdict and
 * queries whose answers changed since the previous run of the same series.
 *
 * @param notes remarks recorded with the run (skipped categories, failed benchmarks, environment
 *     changes)
 * @param machineState the box before the run, as JSON; null for runs before it was recorded
 * @param calibrationBefore calibration score before the run; null if not measured
 * @param calibrationAfter calibration score after the run; null if not measured
 * @param disturbedReason why the box is suspected of having moved; null if not
 * @param previousRunId the run the query answers are compared with; null if there is none
 * @param changedQueries the queries that answer differently than in that run
 * @param curves the curves measured within the run's JVMs, without their rows
 */
public record RunInsights(
    List<String> notes,
    String machineState,
    Double calibrationBefore,
    Double calibrationAfter,
    String disturbedReason,
    Long previousRunId,
    List<QueryChange> changedQueries,
    List<CurveInfo> curves) {

  /** True when the run's calibration says the machine, not Lucene, moved. */
  public boolean disturbed() {
    return disturbedReason != null;
  }

  /**
   * A query, asked in both runs, whose hit count or top documents differ from the previous run's.
   */
  public record QueryChange(
      String category,
      int queryNo,
      String query,
      long previousHits,
      long hits,
      boolean topChanged) {}

  /** One curve of the run: which benchmark it belongs to and what it shows. */
  public record CurveInfo(
      int position,
      String step,
      String benchmark,
      String task,
      String name,
      String xLabel,
      List<String> labels) {}
}
