package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.nightbench.attribution.Evidence;
import org.nightbench.attribution.Verdict;
import org.nightbench.changepoints.evidence.RecentNights;
import org.nightbench.changepoints.evidence.RunEvidence;
import org.nightbench.changepoints.evidence.RunEvidenceCalculator;
import org.nightbench.changepoints.evidence.SeriesNight;

/**
 * A simulated run of {@link SourcedSeries} as the app's evidence sees it, night by night: each
 * night's {@link RunEvidence} worked out by the app's {@link RunEvidenceCalculator} from every
 * series' point against its {@link RecentNights} (controls included, higher is better throughout),
 * the nights it puts down to the machine as a whole, and whose an alert is ({@link Evidence}, as
 * the alerts page says it). The lab's quality study and the floors call the same code.
 */
final class SourcedRuns {

  private SourcedRuns() {}

  /**
   * The nights the evidence puts down to the machine as a whole ({@link RunEvidence#machine()}),
   * worked out night by night as ingestion's detection does: each from that night's points, against
   * recent nights that leave out the machine nights before it ({@code leaveOut}) or not (the app
   * before it did).
   */
  static boolean[] machineFlags(SourcedSeries.Run run, int nights, boolean leaveOut) {
    boolean[] machine = new boolean[nights];
    // From the first night with any before it, as ingestion works out every run's evidence: the
    // calculator itself passes over a series with too few recent nights to judge.
    for (int index = 1; index < nights; index++) {
      machine[index] = evidence(run, index, leaveOut ? machine : null).machine();
    }
    return machine;
  }

  /**
   * Whether an alert at night {@code index} of {@code relativeChange} is the machine's, by that
   * night's evidence ({@code flags}: the machine nights the recent nights leave out, or null).
   */
  static boolean machineAlert(
      SourcedSeries.Run run, boolean[] flags, int index, double relativeChange) {
    return machineAlert(run, flags, index, relativeChange, Double.NaN);
  }

  /**
   * {@link #machineAlert(SourcedSeries.Run, boolean[], int, double)} for an alert suspected net of
   * the machine's move {@code machineChange} (NaN: judged on the series alone), as the alerts page
   * reads it from the change point.
   */
  static boolean machineAlert(
      SourcedSeries.Run run,
      boolean[] flags,
      int index,
      double relativeChange,
      double machineChange) {
    return new Evidence(evidence(run, index, flags))
            .attribute(relativeChange < 0, relativeChange, machineChange)
            .verdict()
        == Verdict.MACHINE;
  }

  /** The evidence of the run at night {@code index}. */
  static RunEvidence evidence(SourcedSeries.Run run, int index, boolean[] flags) {
    return RunEvidenceCalculator.of(points(run, index, flags));
  }

  /**
   * The machine's move on each night flagged ({@code flags}, as {@link #machineFlags} leaves them),
   * as ingestion reads it from the kept evidence: the run's median move ({@link
   * RunEvidence#machineMove()}; the series are higher-is-better, so goodness is their own sign).
   */
  static Map<Integer, Double> machineMoves(SourcedSeries.Run run, boolean[] flags) {
    Map<Integer, Double> moves = new HashMap<>();
    for (int i = 0; i < flags.length; i++) {
      if (flags[i]) {
        Double move = evidence(run, i, flags).machineMove();
        if (move != null) {
          moves.put(i, move);
        }
      }
    }
    return moves;
  }

  /** The indices of the nights flagged. */
  static Set<Integer> indices(boolean[] flags) {
    Set<Integer> indices = new HashSet<>();
    for (int i = 0; i < flags.length; i++) {
      if (flags[i]) {
        indices.add(i);
      }
    }
    return indices;
  }

  /** Every series' point of the run at {@code index}, controls last. */
  private static List<SeriesNight> points(SourcedSeries.Run run, int index, boolean[] flags) {
    List<SeriesNight> points = new ArrayList<>();
    for (SourcedSeries.Series s : run.series()) {
      points.add(night(false, "HighTerm", s, index, flags));
    }
    for (SourcedSeries.Series s : run.controls()) {
      points.add(night(true, "10.6.0 HighTerm", s, index, flags));
    }
    return points;
  }

  private static SeriesNight night(
      boolean control, String task, SourcedSeries.Series series, int index, boolean[] flags) {
    int from = Math.max(0, index - RecentNights.COUNT);
    double[] previous = Arrays.copyOfRange(series.values(), from, index);
    boolean[] machine =
        flags == null ? new boolean[previous.length] : Arrays.copyOfRange(flags, from, index);
    return new SeriesNight(
        control, task, true, series.values()[index], RecentNights.of(previous, machine));
  }
}
