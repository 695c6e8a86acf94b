package org.nightbench.changepoints;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.nightbench.changepoints.detection.ChangePointDetector;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectionInputs;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.detection.MachineNights;
import org.nightbench.changepoints.detection.NightEvidence;
import org.nightbench.changepoints.detection.NightlyStep;
import org.nightbench.changepoints.detection.SuspicionCheck;
import org.nightbench.changepoints.marks.SeriesMarks;

/**
 * The detector as a stored series meets it: the series' marks (runs) turned into the detector's
 * inputs (indices of the history it reads). Excluded nights are ignored but keep their indices, and
 * so are the machine's nights once its spell is over ({@link MachineNights}); expected changes are
 * known boundaries, never reported; the series' own smallest step replaces the default.
 */
final class SeriesDetector {

  private final ChangePointDetector detector;
  private final NightlyStep step;

  SeriesDetector(DetectorSettings settings) {
    this.detector = new ChangePointDetector(settings);
    this.step = new NightlyStep(settings);
  }

  /** Every change point of the whole series, by index into {@code history}. */
  List<DetectedChange> detect(SeriesHistory history, SeriesMarks marks) {
    return detector.detect(history.values(), history.stddevs(), inputs(history, marks));
  }

  /**
   * The night whose point is the newest of {@code history}: what to confirm, withdraw and suspect,
   * given the change points the series has ({@code known}, indices into {@code history}) and how
   * many of its newest nights arrived since it was last judged ({@code arrived}, 1 on a nightly).
   */
  List<NightlyStep.Decision> night(
      SeriesHistory history, SeriesMarks marks, List<NightlyStep.Known> known, int arrived) {
    DetectionInputs inputs = inputs(history, marks);
    return step.night(
        history.values(), history.stddevs(), nights(history, inputs), inputs, known, arrived);
  }

  /**
   * What the nights the morning-after check reads tell besides their means: their JVMs' robust
   * centres and spreads (worked out for the newest nights only, as the check reads no others) and
   * the machine's move on the runs its evidence put down to the machine, in the series' own sign.
   */
  static NightEvidence nights(SeriesHistory history, DetectionInputs inputs) {
    int n = history.size();
    int from =
        Math.max(0, n - SuspicionCheck.REFERENCE - SuspicionCheck.PROBE - inputs.excluded().size());
    double[][] samples = new double[n][];
    for (int i = from; i < n; i++) {
      samples[i] = history.samples()[i];
    }
    Map<Integer, Double> moves = new HashMap<>();
    long[] runIds = history.runIds();
    for (int i = 0; i < n; i++) {
      Double goodness = history.machineMoves().get(runIds[i]);
      if (goodness != null) {
        moves.put(i, history.higherIsBetter() ? goodness : -goodness);
      }
    }
    return NightEvidence.of(samples, moves, n);
  }

  /** The same after a recompute over the whole series placed {@code found}. */
  List<NightlyStep.Decision> decide(
      SeriesHistory history,
      SeriesMarks marks,
      List<DetectedChange> found,
      List<NightlyStep.Known> known) {
    DetectionInputs inputs = inputs(history, marks);
    return step.decide(
        history.values(), history.stddevs(), nights(history, inputs), inputs, found, known);
  }

  /** The first index of {@code history} that the night's look at its tail can report. */
  int appendedFrom(SeriesHistory history, SeriesMarks marks, int known) {
    return detector.appendedFrom(history.size(), known, inputs(history, marks));
  }

  static DetectionInputs inputs(SeriesHistory history, SeriesMarks marks) {
    Double min = marks.minRelativeChange();
    DetectionInputs told =
        new DetectionInputs(
            indices(history, marks.excludedRuns()),
            indices(history, boundaries(history, marks)),
            min == null ? Double.NaN : min);
    return MachineNights.apply(told, indices(history, history.machineRuns()), history.size());
  }

  /** An editor's expected changes and the series' own segment starts: both known boundaries. */
  private static Set<Long> boundaries(SeriesHistory history, SeriesMarks marks) {
    Set<Long> runs = new HashSet<>(marks.expectedRuns());
    runs.addAll(history.segmentStarts());
    return runs;
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
