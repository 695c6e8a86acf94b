package org.nightbench.attribution;

import java.util.Locale;
import org.nightbench.changepoints.evidence.RunEvidence;

/**
 * A run's machine evidence ({@link RunEvidence}, worked out once by detection) as the pages say it:
 * whose move an alert of the run is, and whose the run as a whole is.
 */
public record Evidence(RunEvidence run) {

  /** The control explains an alert when it moved at least this share of the alert's change. */
  static final double CONTROL_SHARE = 0.5;

  /** Nothing measured: no verdict. */
  static final Evidence NONE = new Evidence(RunEvidence.NONE);

  /**
   * Whose move an alert of this run is.
   *
   * @param regression whether the alert is a regression (else an improvement)
   * @param relativeChange the alert's step, relative (its sign is the metric's, not goodness)
   */
  public Attribution attribute(boolean regression, double relativeChange) {
    return attribute(regression, relativeChange, Double.NaN);
  }

  /**
   * Whose move an alert of this run is, where detection judged it net of the machine's move.
   *
   * @param relativeChange the alert's step, relative: where {@code machineChange} is known, the
   *     series' move net of the machine's (the code's)
   * @param machineChange the machine's relative move that night (the series' sign) where the series
   *     was suspected of moving beyond it; NaN where it was judged on its own nights. Then the
   *     alert is the code's, and the evidence says both moves: "the machine moved −6.0 % that
   *     night; this series moved −18.3 %, −13.1 % beyond it"
   */
  public Attribution attribute(boolean regression, double relativeChange, double machineChange) {
    String breadth = breadth(regression);
    if (Double.isFinite(machineChange)) {
      double moved = (1 + relativeChange) * (1 + machineChange) - 1;
      return new Attribution(
          Verdict.CODE,
          "the machine moved "
              + percent(machineChange)
              + " that night; this series moved "
              + percent(moved)
              + ", "
              + percent(relativeChange)
              + " beyond it"
              + breadth,
          null);
    }
    if (run.hasControl()) {
      if (run.machine(regression)) {
        if (Math.abs(run.controlChange()) >= CONTROL_SHARE * Math.abs(relativeChange)) {
          return new Attribution(
              Verdict.MACHINE,
              "the control "
                  + run.controlVersion()
                  + " moved "
                  + percent(run.controlChange())
                  + " too (noise "
                  + unsigned(run.controlNoise())
                  + ", "
                  + run.controlSeries()
                  + " series)"
                  + breadth,
              null);
        }
        return new Attribution(
            Verdict.CODE,
            "the control "
                + run.controlVersion()
                + " moved "
                + percent(run.controlChange())
                + ", less than half of this "
                + percent(Math.abs(relativeChange) * (regression ? -1 : 1))
                + breadth,
            null);
      }
      String control;
      if (!run.controlMoved()) {
        control = " stood still (";
      } else if (run.controlWay(regression)) {
        // The control moved this way, but the run's series did not move with it.
        control = " moved without the run's series (";
      } else {
        control = " moved the other way (";
      }
      return new Attribution(
          Verdict.CODE,
          "the control "
              + run.controlVersion()
              + control
              + percent(run.controlChange())
              + ", noise "
              + unsigned(run.controlNoise())
              + ")"
              + breadth,
          null);
    }
    if (run.broad(regression)) {
      return new Attribution(
          Verdict.MACHINE,
          "no control in this run, but"
              + breadth.substring(1)
              + ": many unrelated series at once is the machine",
          null);
    }
    return new Attribution(Verdict.UNKNOWN, "no control measured in this run" + breadth, null);
  }

  /**
   * Whose move the run as a whole is, for the digest: the machine's when the control moved with the
   * run's series ({@link RunEvidence#machine()}; without a control, when most of the run's series
   * moved one way at once), the code's when the control stood still or moved alone.
   */
  public Attribution ofRun() {
    String breadth =
        run.series() == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "; %d of the run's %d series got worse and %d better beyond their noise",
                run.movedWorse(),
                run.series(),
                run.movedBetter());
    if (run.hasControl()) {
      String control =
          String.format(
              Locale.ROOT,
              "the control %s %s %s (noise %s, %d series)",
              run.controlVersion(),
              run.machine()
                  ? "moved"
                  : run.controlMoved() ? "moved without the run's series:" : "stood still:",
              percent(run.controlChange()),
              unsigned(run.controlNoise()),
              run.controlSeries());
      return new Attribution(
          run.machine() ? Verdict.MACHINE : Verdict.CODE, control + breadth, null);
    }
    if (run.machine()) {
      return new Attribution(
          Verdict.MACHINE,
          "no control in this run" + breadth + ": that many at once is the machine",
          null);
    }
    return new Attribution(Verdict.UNKNOWN, "no control measured in this run" + breadth, null);
  }

  /** E.g. {@code ; 140 of the run's 150 series moved the same way}; empty without series. */
  private String breadth(boolean worse) {
    if (run.series() == 0) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "; %d of the run's %d series moved the same way",
        worse ? run.movedWorse() : run.movedBetter(),
        run.series());
  }

  static String percent(double relative) {
    return String.format(Locale.ROOT, "%+.1f %%", 100 * relative).replace('-', '−');
  }

  private static String unsigned(double relative) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * relative);
  }
}
