package org.nightbench.attribution;

import java.util.Locale;

/**
 * What the series of one run say about the machine at that run, each point against its own recent
 * nights. Changes are "goodness": positive is faster (higher QPS, lower latency), whatever the
 * metric's unit.
 *
 * @param controlVersion the pinned release the control measured, e.g. {@code 10.6.0}; null when the
 *     run measured no control
 * @param controlSeries how many control series had enough recent nights to judge
 * @param controlChange the median relative change of the control series (goodness); null without
 *     control
 * @param controlNoise the median relative noise of the control series' recent nights; null without
 *     control
 * @param series how many of the run's other series had enough recent nights to judge
 * @param movedWorse how many of them got worse beyond their noise at this run
 * @param movedBetter how many of them got better beyond their noise at this run
 */
public record Evidence(
    String controlVersion,
    int controlSeries,
    Double controlChange,
    Double controlNoise,
    int series,
    int movedWorse,
    int movedBetter) {

  /** A move counts when it is this many times the series' noise … */
  static final double NOISE_MULTIPLE = 3;

  /** … and at least this large. */
  static final double SMALLEST_MOVE = 0.01;

  /** So many of a run's series moving one way at once is the machine, not a commit. */
  static final double BROAD_SHARE = 0.5;

  /** A share of fewer series than this says nothing. */
  static final int BROAD_MIN_SERIES = 10;

  /** The control explains an alert when it moved at least this share of the alert's change. */
  static final double CONTROL_SHARE = 0.5;

  /** Nothing measured: no verdict. */
  static final Evidence NONE = new Evidence(null, 0, null, null, 0, 0, 0);

  /** Whether a change this large is beyond a series of this noise. */
  static boolean moved(double change, double noise) {
    return Math.abs(change) >= Math.max(NOISE_MULTIPLE * noise, SMALLEST_MOVE);
  }

  /** Whether the run measured a control with enough history to judge. */
  public boolean hasControl() {
    return controlSeries > 0 && controlChange != null && controlNoise != null;
  }

  /** Whether the control moved, either way, beyond its noise. */
  public boolean controlMoved() {
    return hasControl() && moved(controlChange, controlNoise);
  }

  /** The share of the run's series that moved worse ({@code worse}) or better at once. */
  double share(boolean worse) {
    return series == 0 ? 0 : (double) (worse ? movedWorse : movedBetter) / series;
  }

  /** Whether many unrelated series moved the same way at once. */
  boolean broad(boolean worse) {
    return series >= BROAD_MIN_SERIES && share(worse) >= BROAD_SHARE;
  }

  /**
   * Whose move an alert of this run is.
   *
   * @param regression whether the alert is a regression (else an improvement)
   * @param relativeChange the alert's step, relative (its sign is the metric's, not goodness)
   */
  public Attribution attribute(boolean regression, double relativeChange) {
    String breadth = breadth(regression);
    if (hasControl()) {
      boolean sameWay = regression ? controlChange < 0 : controlChange > 0;
      if (controlMoved() && sameWay) {
        if (Math.abs(controlChange) >= CONTROL_SHARE * Math.abs(relativeChange)) {
          return new Attribution(
              Verdict.MACHINE,
              "the control "
                  + controlVersion
                  + " moved "
                  + percent(controlChange)
                  + " too (noise "
                  + unsigned(controlNoise)
                  + ", "
                  + controlSeries
                  + " series)"
                  + breadth,
              null);
        }
        return new Attribution(
            Verdict.CODE,
            "the control "
                + controlVersion
                + " moved "
                + percent(controlChange)
                + ", less than half of this "
                + percent(Math.abs(relativeChange) * (regression ? -1 : 1))
                + breadth,
            null);
      }
      return new Attribution(
          Verdict.CODE,
          "the control "
              + controlVersion
              + (controlMoved() ? " moved the other way (" : " stood still (")
              + percent(controlChange)
              + ", noise "
              + unsigned(controlNoise)
              + ")"
              + breadth,
          null);
    }
    if (broad(regression)) {
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
   * Whose move the run as a whole is, for the digest: the machine's when the control moved (or,
   * without a control, when most of the run's series moved one way at once), the code's when the
   * control stood still.
   */
  public Attribution ofRun() {
    String breadth =
        series == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "; %d of the run's %d series got worse and %d better beyond their noise",
                movedWorse,
                series,
                movedBetter);
    if (hasControl()) {
      String control =
          String.format(
              Locale.ROOT,
              "the control %s %s %s (noise %s, %d series)",
              controlVersion,
              controlMoved() ? "moved" : "stood still:",
              percent(controlChange),
              unsigned(controlNoise),
              controlSeries);
      return new Attribution(
          controlMoved() ? Verdict.MACHINE : Verdict.CODE, control + breadth, null);
    }
    if (broad(true) || broad(false)) {
      return new Attribution(
          Verdict.MACHINE,
          "no control in this run" + breadth + ": that many at once is the machine",
          null);
    }
    return new Attribution(Verdict.UNKNOWN, "no control measured in this run" + breadth, null);
  }

  /** E.g. {@code ; 140 of the run's 150 series moved the same way}; empty without series. */
  private String breadth(boolean worse) {
    if (series == 0) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "; %d of the run's %d series moved the same way",
        worse ? movedWorse : movedBetter,
        series);
  }

  static String percent(double relative) {
    return String.format(Locale.ROOT, "%+.1f %%", 100 * relative).replace('-', '−');
  }

  private static String unsigned(double relative) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * relative);
  }
}
