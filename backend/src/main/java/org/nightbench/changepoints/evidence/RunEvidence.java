package org.nightbench.changepoints.evidence;

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
public record RunEvidence(
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

  /** Nothing measured: no verdict. */
  public static final RunEvidence NONE = new RunEvidence(null, 0, null, null, 0, 0, 0);

  /** Whether a change this large is beyond a series of this noise. */
  public static boolean moved(double change, double noise) {
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
  public double share(boolean worse) {
    return series == 0 ? 0 : (double) (worse ? movedWorse : movedBetter) / series;
  }

  /** Whether many unrelated series moved the same way at once. */
  public boolean broad(boolean worse) {
    return series >= BROAD_MIN_SERIES && share(worse) >= BROAD_SHARE;
  }

  /**
   * Whether the run as a whole is the machine's: the control moved, or, without a control, most of
   * the run's series moved one way at once. Detection leaves such a night out of each series'
   * history, as a disturbed run's; the digest says <em>machine moved</em>.
   */
  public boolean machine() {
    return hasControl() ? controlMoved() : broad(true) || broad(false);
  }
}
