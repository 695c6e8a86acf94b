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
 * @param runChange the median relative change (goodness) of every series of the run, controls
 *     included: the machine's move on a night that is the machine's; null when not worked out
 */
public record RunEvidence(
    String controlVersion,
    int controlSeries,
    Double controlChange,
    Double controlNoise,
    int series,
    int movedWorse,
    int movedBetter,
    Double runChange) {

  /** Evidence kept before the run's median move was. */
  public RunEvidence(
      String controlVersion,
      int controlSeries,
      Double controlChange,
      Double controlNoise,
      int series,
      int movedWorse,
      int movedBetter) {
    this(
        controlVersion,
        controlSeries,
        controlChange,
        controlNoise,
        series,
        movedWorse,
        movedBetter,
        null);
  }

  /** A move counts when it is this many times the series' noise … */
  static final double NOISE_MULTIPLE = 3;

  /** … and at least this large. */
  static final double SMALLEST_MOVE = 0.01;

  /** So many of a run's series moving one way at once is the machine, not a commit. */
  static final double BROAD_SHARE = 0.5;

  /** A share of fewer series than this says nothing. */
  static final int BROAD_MIN_SERIES = 10;

  /**
   * With enough of the run's series to count ({@value #BROAD_MIN_SERIES}), a control's move is the
   * machine's only when at least this share of them moved its way too: a few control series move
   * three times their noise now and then on their own (their noise is the spread of ten nights),
   * while a machine that moves the control moves a good part of the run.
   */
  static final double SUPPORT_SHARE = 0.2;

  /**
   * Most of the run's series moving one way is the machine's when the control moved that way by at
   * least this many times its noise: a small move of the machine (3σ) leaves a control of three
   * series short of {@link #NOISE_MULTIPLE} about one night in ten, while the run's series show it
   * plainly. A control that stood still leaves a broad move to the code.
   */
  static final double BACKING_MULTIPLE = 2;

  /** Nothing measured: no verdict. */
  public static final RunEvidence NONE = new RunEvidence(null, 0, null, null, 0, 0, 0, null);

  /** Whether a change this large is beyond a series of this noise. */
  public static boolean moved(double change, double noise) {
    return Math.abs(change) >= Math.max(NOISE_MULTIPLE * noise, SMALLEST_MOVE);
  }

  /**
   * The machine's relative move (goodness) at this run when the run is the machine's ({@link
   * #machine()}): the run's median move, else the control's; null when the run is not the machine's
   * or neither is known. A series that moved far beyond it is judged net of it.
   */
  public Double machineMove() {
    if (!machine()) {
      return null;
    }
    return runChange != null ? runChange : controlChange;
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
   * Whether the run as a whole is the machine's: it moved worse or better ({@link
   * #machine(boolean)}). Detection leaves such a night out of each series' history, as a disturbed
   * run's; the digest says <em>machine moved</em>.
   */
  public boolean machine() {
    return machine(true) || machine(false);
  }

  /**
   * Whether the machine moved the run worse ({@code worse}) or better: the control moved that way
   * with the run's series (beyond its noise, with at least {@value #SUPPORT_SHARE} of them; or
   * {@value #BACKING_MULTIPLE} times its noise, with most of them); with too few series to count,
   * the control alone; without a control, most of the run's series at once.
   */
  public boolean machine(boolean worse) {
    if (!hasControl()) {
      return broad(worse);
    }
    if (!controlWay(worse)) {
      return false;
    }
    if (series < BROAD_MIN_SERIES) {
      return controlMoved();
    }
    return (controlMoved() && share(worse) >= SUPPORT_SHARE) || (broad(worse) && controlBacks());
  }

  /** Whether the control moved worse ({@code worse}) or better, however little. */
  public boolean controlWay(boolean worse) {
    return hasControl() && (worse ? controlChange < 0 : controlChange > 0);
  }

  /** Whether the control moved at least {@value #BACKING_MULTIPLE} times its noise. */
  private boolean controlBacks() {
    return Math.abs(controlChange) >= Math.max(BACKING_MULTIPLE * controlNoise, SMALLEST_MOVE);
  }
}
