package org.nightbench.bisect;

/**
 * Judges a probe against the range's ends, from one comparison of the probe with the good end and
 * the ends' own difference ({@code reference}). Pure code, so it is tested on numbers alone.
 *
 * <p>A probe's difference to the good end is put on the scale good = 0, bad = 1. It is DIFFERENT
 * when its 95 % interval excludes the good end (0) and its estimate is past halfway; SAME when the
 * interval stays a {@link #MARGIN} clear of the bad end (below 0.75) and the estimate is short of
 * halfway; else UNKNOWN, and more JVMs narrow the interval. A SAME sends the search past the probe
 * and cannot be taken back, so it asks for more: on a loaded machine a wide interval (one JVM
 * disturbed) that only just missed the bad end, [-48 %, +3,700 %] against a bad end at -49.5 %,
 * once named the commit after the culprit. The reference is taken as exact: its own uncertainty is
 * left out, which the ends' comparison (judged DIFFERENT only when significant) keeps small against
 * its size.
 */
final class ProbeJudge {

  static final double HALFWAY = 0.5;

  /** How far, in units of the ends' difference, a SAME interval must stay from the bad end. */
  static final double MARGIN = 0.25;

  private ProbeJudge() {}

  /**
   * @param effect the probe's relative difference to the good end, e.g. -0.3
   * @param low the lower end of its 95 % interval (may be infinite)
   * @param high the upper end (may be infinite)
   * @param reference the bad end's relative difference to the good end; not zero
   */
  static ProbeVerdict judge(double effect, double low, double high, double reference) {
    if (!(reference != 0) || Double.isNaN(effect) || Double.isNaN(low) || Double.isNaN(high)) {
      return ProbeVerdict.UNKNOWN;
    }
    double position = effect / reference;
    double a = low / reference;
    double b = high / reference;
    double nearest = Math.min(a, b);
    double farthest = Math.max(a, b);
    if (position >= HALFWAY && nearest > 0) {
      return ProbeVerdict.DIFFERENT;
    }
    if (position < HALFWAY && farthest < 1 - MARGIN) {
      return ProbeVerdict.SAME;
    }
    return ProbeVerdict.UNKNOWN;
  }

  /**
   * The ends themselves: DIFFERENT when the comparison's statistics (false discovery rate and
   * minimum effect included) call the bad end faster or slower, else UNKNOWN; there is nothing to
   * bisect until a difference is shown.
   */
  static ProbeVerdict judgeEnds(boolean significant, double effect) {
    return significant && effect != 0 && !Double.isNaN(effect)
        ? ProbeVerdict.DIFFERENT
        : ProbeVerdict.UNKNOWN;
  }
}
