package org.nightbench.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.nightbench.changepoints.detection.ChangePointDetector;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.marks.SeriesMarks;

/**
 * The detector as a stored series meets it: the series' excluded nights, expected changes and
 * sensitivity turned into the detector's inputs, and its findings turned back into indices of the
 * whole history. The one class here that knows how the detector takes them.
 *
 * <p>Excluded nights are left out of the arrays the detector reads (their indices mapped back); the
 * smallest step is the detector's own setting; a change within {@link #EXPECTED_REACH} points of an
 * expected change is the expected change itself and is not reported.
 */
final class SeriesDetector {

  /** How close to an expected change a found step counts as that change. */
  static final int EXPECTED_REACH = 2;

  private final DetectorSettings defaults;
  private final ChangePointDetector standard;

  SeriesDetector(DetectorSettings defaults) {
    this.defaults = defaults;
    this.standard = new ChangePointDetector(defaults);
  }

  /** Every change point of the whole series, by index into {@code history}. */
  List<DetectedChange> detect(SeriesHistory history, SeriesMarks marks) {
    Included in = Included.of(history, marks.excludedRuns());
    if (in.size() < 2) {
      return List.of();
    }
    return back(in, history, marks, detector(marks).detect(in.values, in.stddevs));
  }

  /**
   * The change points the newest nights can have added, past the one at {@code known} (an index
   * into {@code history}, or 0).
   */
  List<DetectedChange> detectAppended(SeriesHistory history, SeriesMarks marks, int known) {
    Included in = Included.of(history, marks.excludedRuns());
    if (in.size() < 2) {
      return List.of();
    }
    return back(
        in,
        history,
        marks,
        detector(marks).detectAppended(in.values, in.stddevs, in.compactIndex(known)));
  }

  /** The first index of {@code history} that {@link #detectAppended} can report. */
  int appendedFrom(SeriesHistory history, SeriesMarks marks, int known) {
    Included in = Included.of(history, marks.excludedRuns());
    int from = standard.appendedFrom(in.size(), in.compactIndex(known));
    return from >= in.size() ? history.size() : in.original[from];
  }

  private ChangePointDetector detector(SeriesMarks marks) {
    Double min = marks.minRelativeChange();
    if (min == null || min == defaults.minRelativeChange()) {
      return standard;
    }
    return new ChangePointDetector(
        new DetectorSettings(
            defaults.significance(),
            min,
            defaults.minSegment(),
            defaults.context(),
            defaults.outlierThreshold(),
            defaults.withinRunFloor(),
            defaults.appendWindow()));
  }

  private static List<DetectedChange> back(
      Included in, SeriesHistory history, SeriesMarks marks, List<DetectedChange> found) {
    List<Integer> expected = new ArrayList<>();
    for (long run : marks.expectedRuns()) {
      int at = history.indexOf(run);
      if (at >= 0) {
        expected.add(at);
      }
    }
    List<DetectedChange> kept = new ArrayList<>();
    for (DetectedChange change : found) {
      int at = in.original[change.index()];
      if (expected.stream().noneMatch(e -> Math.abs(e - at) <= EXPECTED_REACH)) {
        kept.add(
            new DetectedChange(
                at,
                change.meanBefore(),
                change.meanAfter(),
                change.relativeChange(),
                change.pValue()));
      }
    }
    return kept;
  }

  /** The points detection reads: the history without its excluded nights. */
  private record Included(double[] values, double[] stddevs, int[] original) {

    static Included of(SeriesHistory history, Set<Long> excluded) {
      int n = history.size();
      double[] values = new double[n];
      double[] stddevs = new double[n];
      int[] original = new int[n];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (!excluded.contains(history.runIds()[i])) {
          values[k] = history.values()[i];
          stddevs[k] = history.stddevs()[i];
          original[k] = i;
          k++;
        }
      }
      return new Included(
          Arrays.copyOf(values, k), Arrays.copyOf(stddevs, k), Arrays.copyOf(original, k));
    }

    int size() {
      return values.length;
    }

    /** The index among the included points of history index {@code i} (or the next included). */
    int compactIndex(int i) {
      int k = Arrays.binarySearch(original, i);
      return k >= 0 ? k : -k - 1;
    }
  }
}
