package org.nightbench.changepoints;

import java.util.Map;
import java.util.Set;

/**
 * The points of one series as the detector reads them, in x order: parallel arrays, since the
 * detector is plain code over plain arrays.
 *
 * @param stddevs ±1σ over each run's JVMs, NaN where a run had one JVM
 * @param segmentStarts the runs where the series' settings or measuring version changed: known
 *     boundaries, as an editor's expected change is
 * @param samples each run's per-JVM values, as stored with its point
 * @param machineMoves the runs whose kept evidence puts them down to the machine as a whole (the
 *     nights {@link org.nightbench.changepoints.detection.MachineNights} leaves out), each with the
 *     machine's move then (goodness; NaN where unknown)
 */
record SeriesHistory(
    long seriesId,
    boolean higherIsBetter,
    long[] runIds,
    long[] xs,
    double[] values,
    double[] stddevs,
    double[][] samples,
    Set<Long> segmentStarts,
    Map<Long, Double> machineMoves) {

  int size() {
    return values.length;
  }

  /** The runs whose kept evidence puts them down to the machine as a whole. */
  Set<Long> machineRuns() {
    return machineMoves.keySet();
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
