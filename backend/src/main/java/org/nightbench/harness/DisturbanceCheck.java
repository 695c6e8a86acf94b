package org.nightbench.harness;

/**
 * When a run's calibration says the machine was disturbed: {@code calibration.disturbed-percent},
 * {@code calibration.window} and {@code calibration.min-runs}, read beside the section's {@link
 * org.nightbench.protocol.CalibrateSpec}, which says how the calibration is timed.
 *
 * @param disturbedPercent a run whose calibration is further than this from the machine's recent
 *     median is marked disturbed; null for 5
 * @param window how many recent runs of the machine make that median; null for 10
 * @param minRuns how many quiet runs (undisturbed, steady during the run, started on an idle box)
 *     that median needs before a run is judged against it; with fewer only the calibration's move
 *     during the run is judged. Null for 3
 */
public record DisturbanceCheck(Double disturbedPercent, Integer window, Integer minRuns) {

  /** 5 % off the median of the last 10 quiet runs, once there are 3. */
  static final DisturbanceCheck DEFAULT = new DisturbanceCheck(null, null, null);

  public DisturbanceCheck {
    disturbedPercent = disturbedPercent == null ? 5 : disturbedPercent;
    window = window == null ? 10 : window;
    minRuns = minRuns == null ? 3 : minRuns;
    ProfileChecks.atLeast("calibration min-runs", minRuns, 1);
    ProfileChecks.above("calibration disturbed-percent", disturbedPercent, 0);
    ProfileChecks.atLeast("calibration window", window, 1);
  }
}
