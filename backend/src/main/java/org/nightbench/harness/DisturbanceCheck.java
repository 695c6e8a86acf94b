package org.nightbench.harness;

/**
 * When a run's calibration says the machine was disturbed: {@code calibration.disturbed-percent}
 * and {@code calibration.window}, read beside the section's {@link
 * org.nightbench.protocol.CalibrateSpec}, which says how the calibration is timed.
 *
 * @param disturbedPercent a run whose calibration is further than this from the machine's recent
 *     median is marked disturbed; null for 5
 * @param window how many recent runs of the machine make that median; null for 10
 */
public record DisturbanceCheck(Double disturbedPercent, Integer window) {

  /** 5 % off the median of the last 10 runs. */
  static final DisturbanceCheck DEFAULT = new DisturbanceCheck(null, null);

  public DisturbanceCheck {
    disturbedPercent = disturbedPercent == null ? 5 : disturbedPercent;
    window = window == null ? 10 : window;
    ProfileChecks.above("calibration disturbed-percent", disturbedPercent, 0);
    ProfileChecks.atLeast("calibration window", window, 1);
  }
}
