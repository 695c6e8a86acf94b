package org.nightbench.changepoints;

import java.util.Set;

/**
 * The points of one series as the detector reads them, in x order: parallel arrays, since the
 * detector is plain code over plain arrays.
 *
 * @param stddevs ±1σ over each run's JVMs, NaN where a run had one JVM
 * @param segmentStarts the runs where the series' settings or measuring version changed: known
 *     boundaries, as an editor's expected change is
 * @param machineRuns the runs whose kept evidence puts them down to the machine as a whole: the
 *     nights {@link org.nightbench.changepoints.detection.MachineNights} leaves out
 */
record SeriesHistory(
    long seriesId,
    boolean higherIsBetter,
    long[] runIds,
    long[] xs,
    double[] values,
    double[] stddevs,
    Set<Long> segmentStarts,
    Set<Long> machineRuns) {

  int size() {
    return values.length;
  }

  /** The index of {@code runId}'s point, or -1. */
  int indexOf(long runId) {
    for (int i = runIds.length - 1; i >= 0; i--) {
      if (runIds[i] == runId) {
        return i;
      }
    }
    return -1;
  }
}
