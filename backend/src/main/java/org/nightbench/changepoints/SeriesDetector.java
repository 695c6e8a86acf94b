package org.nightbench.changepoints;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.nightbench.changepoints.detection.ChangePointDetector;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectionInputs;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.detection.SuspectedChange;
import org.nightbench.changepoints.detection.SuspicionCheck;
import org.nightbench.changepoints.marks.SeriesMarks;

/**
 * The detector as a stored series meets it: the series' marks (runs) turned into the detector's
 * inputs (indices of the history it reads). Excluded nights are ignored but keep their indices;
 * expected changes are known boundaries, never reported; the series' own smallest step replaces the
 * default.
 */
final class SeriesDetector {

  private final ChangePointDetector detector;
  private final SuspicionCheck suspicion = new SuspicionCheck();

  SeriesDetector(DetectorSettings settings) {
    this.detector = new ChangePointDetector(settings);
  }

  /** Every change point of the whole series, by index into {@code history}. */
  List<DetectedChange> detect(SeriesHistory history, SeriesMarks marks) {
    return detector.detect(history.values(), history.stddevs(), inputs(history, marks));
  }

  /**
   * The change points the newest nights can have added, past the one at {@code known} (an index
   * into {@code history}, or 0).
   */
  List<DetectedChange> detectAppended(SeriesHistory history, SeriesMarks marks, int known) {
    return detector.detectAppended(
        history.values(), history.stddevs(), known, inputs(history, marks));
  }

  /**
   * The change the newest nights suspect, against the history since index {@code since} (the newest
   * confirmed change point's, or 0).
   */
  Optional<SuspectedChange> suspect(SeriesHistory history, SeriesMarks marks, int since) {
    return suspicion.suspect(history.values(), since, inputs(history, marks));
  }

  /** Whether a change suspected at index {@code index} still stands on the nights since. */
  boolean holds(
      SeriesHistory history, SeriesMarks marks, int index, double relativeChange, int since) {
    return suspicion.holds(
        history.values(), index, Math.signum(relativeChange), since, inputs(history, marks));
  }

  /** The first index of {@code history} that {@link #detectAppended} can report. */
  int appendedFrom(SeriesHistory history, SeriesMarks marks, int known) {
    return detector.appendedFrom(history.size(), known, inputs(history, marks));
  }

  static DetectionInputs inputs(SeriesHistory history, SeriesMarks marks) {
    Double min = marks.minRelativeChange();
    return new DetectionInputs(
        indices(history, marks.excludedRuns()),
        indices(history, marks.expectedRuns()),
        min == null ? Double.NaN : min);
  }

  /**
   * Where the runs' points lie in the history; a run it left out (a disturbed machine's) has none.
   */
  private static Set<Integer> indices(SeriesHistory history, Set<Long> runs) {
    Set<Integer> indices = new HashSet<>();
    long[] runIds = history.runIds();
    for (int i = 0; i < runIds.length; i++) {
      if (runs.contains(runIds[i])) {
        indices.add(i);
      }
    }
    return indices;
  }
}
