package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Scores {@link SuspicionCheck} as the issue states its goals, replaying each series night by night
 * as the nightly check sees it: of the planted steps of at least 5σ, the share suspected on their
 * first night; of those of at least 3σ, the share suspected within 3 nights; on change-free series,
 * the suspected changes per 1,000 series-nights, per noise model (AR(1) included). Both generators:
 * the held-out one ({@link HeldOutSeries}) and the one the detector was designed on ({@link
 * PlantedSeries}). The lab's {@code SuspicionQualityStudy} prints the figures; the floors are
 * {@code SuspicionQualityFloorTests}.
 *
 * <p>A step counts as suspected when the check on the nights up to its first (or up to its third)
 * suspects a change within 2 nights of it. The recent history starts after the previous planted
 * step, as the app starts it after the newest confirmed change point. A step counts when it has at
 * least {@value SuspicionCheck#MIN_REFERENCE} nights before it since the previous one and 3 after.
 * On change-free series, suspicions are kept as the app keeps them: one stands until the nights
 * since it no longer hold it ({@link SuspicionCheck#holds}) or {@value
 * SuspicionCheck#CONFIRM_WITHIN} nights pass unconfirmed; a new one within {@value
 * SuspicionCheck#MATCH} nights of an earlier one is that one again.
 */
public final class SuspicionQuality {

  private SuspicionQuality() {}

  /**
   * A planted step as the replay needs it: its series, night, size in σ and where history starts.
   */
  record Step(double[] values, int index, double sizeSigma, int since, String noise) {}

  /** The held-out series' steps with enough history before and 3 nights after. */
  static List<Step> steps(List<HeldOutSeries> set) {
    List<Step> steps = new ArrayList<>();
    for (HeldOutSeries series : set) {
      int since = 0;
      for (HeldOutSeries.Step step : series.steps()) {
        add(steps, series.values(), step.index(), step.sizeSigma(), since, series.noise().name());
        since = step.index();
      }
    }
    return steps;
  }

  /** The same for the generator the detector was designed on, sizes in its σ. */
  static List<Step> plantedSteps(List<PlantedSeries> set) {
    List<Step> steps = new ArrayList<>();
    for (PlantedSeries series : set) {
      int since = 0;
      for (var step : series.steps()) {
        double size = Math.abs(step.relative()) / series.sigma();
        add(steps, series.values(), step.night(), size, since, series.kind().name());
        since = step.night();
      }
    }
    return steps;
  }

  private static void add(
      List<Step> steps, double[] values, int index, double size, int since, String noise) {
    if (index - since >= SuspicionCheck.MIN_REFERENCE && index + 3 <= values.length) {
      steps.add(new Step(values, index, size, since, noise));
    }
  }

  /** Counts of steps and of those suspected in time, by size. */
  static final class Rates {
    int steps5;
    int found5;
    int steps3;
    int found3;
    int first3;
    int steps2;
    int found2;

    double firstNight5() {
      return steps5 == 0 ? 1 : (double) found5 / steps5;
    }

    double within3Nights3() {
      return steps3 == 0 ? 1 : (double) found3 / steps3;
    }
  }

  static Rates rates(SuspicionCheck check, List<Step> steps) {
    Rates rates = new Rates();
    for (Step step : steps) {
      boolean first = suspectedAt(check, step, 1);
      boolean within = first || suspectedAt(check, step, 2) || suspectedAt(check, step, 3);
      if (step.sizeSigma() >= 5) {
        rates.steps5++;
        rates.found5 += first ? 1 : 0;
      }
      if (step.sizeSigma() >= 3) {
        rates.steps3++;
        rates.found3 += within ? 1 : 0;
        rates.first3 += first ? 1 : 0;
      } else if (step.sizeSigma() >= 2) {
        rates.steps2++;
        rates.found2 += within ? 1 : 0;
      }
    }
    return rates;
  }

  /** Whether the check on the step's first {@code nights} nights suspects it (within 2 nights). */
  private static boolean suspectedAt(SuspicionCheck check, Step step, int nights) {
    Optional<SuspectedChange> found =
        check.suspect(step.values(), step.index() + nights, step.since(), DetectionInputs.none());
    return found.isPresent() && Math.abs(found.get().index() - step.index()) <= 2;
  }

  /**
   * Suspected changes on {@code count} change-free series of 500 nights of {@code model}, replayed
   * night by night, and the series-nights checked.
   */
  static long[] falseSuspicions(
      SuspicionCheck check, HeldOutQuality.Model model, long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed ^ model.name().hashCode());
    long suspected = 0;
    long nights = 0;
    for (int i = 0; i < count; i++) {
      HeldOutSeries series =
          HeldOutSeries.changeFree(model.noise(), model.phi(), 500, model.extras(), random.split());
      suspected += replay(check, series.values()).size();
      nights += Math.max(0, series.values().length - SuspicionCheck.MIN_REFERENCE);
    }
    return new long[] {suspected, nights};
  }

  /**
   * The suspicions a change-free series raises night by night, kept as the app keeps them; their
   * indices.
   */
  static List<Integer> replay(SuspicionCheck check, double[] values) {
    List<Integer> all = new ArrayList<>();
    List<double[]> open = new ArrayList<>();
    DetectionInputs none = DetectionInputs.none();
    for (int length = SuspicionCheck.MIN_REFERENCE + 1; length <= values.length; length++) {
      int newest = length - 1;
      int nights = length;
      open.removeIf(
          o ->
              newest - o[0] > SuspicionCheck.CONFIRM_WITHIN
                  || (newest > o[0] && !check.holds(values, nights, (int) o[0], o[1], 0, none)));
      Optional<SuspectedChange> found = check.suspect(values, length, 0, none);
      if (found.isPresent()) {
        int index = found.get().index();
        if (all.stream().noneMatch(k -> Math.abs(k - index) <= SuspicionCheck.MATCH)) {
          all.add(index);
          open.add(new double[] {index, found.get().zScore()});
        }
      }
    }
    return all;
  }
}
