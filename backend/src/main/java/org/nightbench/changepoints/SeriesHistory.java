package org.nightbench.changepoints;

/**
 * The points of one series as the detector reads them, in x order: parallel arrays, since the
 * detector is plain code over plain arrays.
 *
 * @param stddevs ±1σ over each run's JVMs, NaN where a run had one JVM
 */
record SeriesHistory(
    long seriesId,
    boolean higherIsBetter,
    long[] runIds,
    long[] xs,
    double[] values,
    double[] stddevs) {

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
