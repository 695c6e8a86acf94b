package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a suspected new level began. {@link SuspicionCheck} looks at the newest one to three nights
 * only, so when several nights of a step arrive at once (a backfill, a detection over the whole
 * history, a step too small to stand out on its first night) it would place the suspicion at the
 * newest night, whose commit range holds no step. This class walks back over the last {@value
 * #LOOK} nights and places it at the first night of the new level, or, where the nights cannot tell
 * which night that was, at the latest one it can be with the earliest one it can be, so the commit
 * range between them holds the step. Pure code; stateless and thread-safe.
 *
 * <p>Method: the baseline is up to {@link SuspicionCheck#REFERENCE} nights before the window (none
 * before {@code since}, none excluded, none before a known boundary); its level the median, its
 * noise σ 1.4826 × the median absolute deviation. For each night k of the window, a new level from
 * k to the newest night gains {@code S_k² / (2 σ² m_k)} log-likelihood over none ({@code S_k} the
 * sum of the m_k nights' deviations from the baseline level, the suspicion's way). The best k is
 * the most likely first night; every k within {@value #PLAUSIBLE} of the best is a plausible one (a
 * likelihood interval of about 95 %). Nights are taken as independent: serially correlated noise
 * widens the real interval, which the plausible range then understates.
 */
public final class SuspicionOnset {

  /**
   * How many nights back a new level's first night is looked for: as long as a suspicion may wait
   * for the detector ({@link SuspicionCheck#CONFIRM_WITHIN}); a step older than that is the
   * detector's to place.
   */
  public static final int LOOK = SuspicionCheck.CONFIRM_WITHIN;

  /** The log-likelihood below the best within which a first night is still plausible. */
  static final double PLAUSIBLE = 2.0;

  /**
   * A suspicion placed.
   *
   * @param change the suspicion, its {@code index} the latest night its new level can have begun,
   *     its {@code nights} the nights from there to the newest, its reference and level measured
   *     either side of the most likely first night
   * @param earliest the earliest night the new level can have begun; {@code change.index()} when
   *     the nights tell which night it was
   */
  public record Placed(SuspectedChange change, int earliest) {

    /** Whether the nights tell the one night the new level began. */
    public boolean exact() {
      return earliest == change.index();
    }
  }

  /**
   * {@code suspected} (found on the newest nights of {@code values}) placed at the first night of
   * its new level; unchanged where the baseline is too short to tell.
   *
   * @param since the first index the baseline may use (the newest confirmed change point's, or 0)
   */
  public Placed place(
      double[] values, SuspectedChange suspected, int since, DetectionInputs inputs) {
    return place(values, suspected, since, inputs, 0);
  }

  /**
   * {@link #place(double[], SuspectedChange, int, DetectionInputs)} where the nights before {@code
   * judged} were each judged as they arrived. A suspicion of the newest night alone, all nights
   * before it judged (a nightly path), stays on that night: it stood out by itself, and the nights
   * before it did not when they were judged. Under persistent noise or a drift the nights before a
   * step often lean its way, and the likelihood would move the onset back onto them, off the night
   * whose commits hold the step. A level of two or three nights, or nights that arrived at once (a
   * backfill, a detection over the whole history), is placed as before: a step too small to stand
   * out on its first night is suspected on a later one and belongs where it began.
   *
   * @param judged the first night that had not been judged when this one arrived: {@code
   *     values.length - 1} on a nightly path, 0 where none was
   */
  public Placed place(
      double[] values, SuspectedChange suspected, int since, DetectionInputs inputs, int judged) {
    Objects.requireNonNull(suspected, "suspected");
    if (suspected.nights() == 1 && judged >= suspected.index()) {
      return new Placed(suspected, suspected.index());
    }
    return placeFreely(values, suspected, since, inputs);
  }

  private Placed placeFreely(
      double[] values, SuspectedChange suspected, int since, DetectionInputs inputs) {
    Objects.requireNonNull(values, "values");
    Objects.requireNonNull(suspected, "suspected");
    Objects.requireNonNull(inputs, "inputs");
    Placed unchanged = new Placed(suspected, suspected.index());
    List<Integer> usable = usable(values.length, since, inputs);
    // The window: the last LOOK usable nights, each with a full baseline before the window.
    int windowStart = Math.max(0, usable.size() - LOOK);
    int baselineStart = Math.max(0, windowStart - SuspicionCheck.REFERENCE);
    if (windowStart - baselineStart < SuspicionCheck.MIN_REFERENCE) {
      return unchanged;
    }
    double[] baseline = new double[windowStart - baselineStart];
    for (int i = baselineStart; i < windowStart; i++) {
      baseline[i - baselineStart] = values[usable.get(i)];
    }
    double center = Medians.of(baseline);
    double[] deviations = new double[baseline.length];
    for (int i = 0; i < baseline.length; i++) {
      deviations[i] = Math.abs(baseline[i] - center);
    }
    double sigma = 1.4826 * Medians.of(deviations);
    if (!(sigma > 0)) {
      return unchanged;
    }
    double direction = Math.signum(suspected.relativeChange());
    int window = usable.size() - windowStart;
    double[] gain = new double[window];
    double sum = 0;
    for (int p = window - 1; p >= 0; p--) {
      sum += values[usable.get(windowStart + p)] - center;
      int m = window - p;
      gain[p] =
          sum * direction > 0 ? sum * sum / (2 * sigma * sigma * m) : Double.NEGATIVE_INFINITY;
    }
    int best = 0;
    for (int p = 1; p < window; p++) {
      if (gain[p] > gain[best]) {
        best = p;
      }
    }
    if (gain[best] == Double.NEGATIVE_INFINITY) {
      return unchanged;
    }
    int first = best;
    int last = best;
    for (int p = 0; p < window; p++) {
      if (gain[best] - gain[p] <= PLAUSIBLE) {
        first = Math.min(first, p);
        last = Math.max(last, p);
      }
    }
    int latest = usable.get(windowStart + last);
    int earliest = usable.get(windowStart + first);
    double level = 0;
    for (int p = best; p < window; p++) {
      level += values[usable.get(windowStart + p)];
    }
    level /= window - best;
    SuspectedChange placed =
        new SuspectedChange(
            latest,
            window - last,
            center,
            level,
            center != 0 ? level / center - 1 : Double.NaN,
            suspected.zScore(),
            (level - center) / sigma,
            sigma,
            suspected.serialCorrelation(),
            suspected.machineChange());
    return new Placed(placed, earliest);
  }

  /**
   * The nights the baseline and window may read, oldest first: from {@code since}, none excluded,
   * none before the newest known boundary.
   */
  private static List<Integer> usable(int length, int since, DetectionInputs inputs) {
    List<Integer> usable = new ArrayList<>();
    for (int i = length - 1; i >= Math.max(0, since); i--) {
      if (inputs.excluded().contains(i)) {
        continue;
      }
      usable.add(0, i);
      if (inputs.knownBoundaries().contains(i)) {
        break;
      }
    }
    return usable;
  }
}
