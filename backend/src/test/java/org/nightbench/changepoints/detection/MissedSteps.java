package org.nightbench.changepoints.detection;

import java.util.List;
import java.util.Locale;

/**
 * Why a planted step was not found, so the next change to the detector aims at the largest share:
 *
 * <ul>
 *   <li>{@code mislocated}: reported, but 3 to 10 nights off (a false positive as well);
 *   <li>{@code unprovable}: even told where the step and its neighbours are, the detector's step
 *       test (its window, the noise model estimated around the true steps) does not reach the
 *       significance; only a more powerful test or a looser threshold finds it;
 *   <li>{@code small}: provable there, but measured under {@link ChangePointDetector#SHARP_EFFECT}
 *       σ, so the placement rule holds it back unless the data place it sharply;
 *   <li>{@code lost}: provable and large enough, yet not reported: the search (candidates, pruning
 *       between the wrong neighbours, a noise model estimated around the wrong steps) lost it.
 * </ul>
 *
 * <p>Beside the causes, how many of all the 2–3σ steps counted (found or not) the data themselves
 * place more than {@value HeldOutQuality#TOLERANCE} nights off: the detector's placement ({@link
 * SplitLikelihood#placed}), given the true neighbouring steps and the noise model estimated around
 * them, chooses another night within 10. A detector that places steps so reports those off however
 * well it searches, so they bound what its recall at ±{@value HeldOutQuality#TOLERANCE} can reach.
 */
final class MissedSteps {

  static final String[] CAUSES = {"mislocated", "unprovable", "small", "lost"};

  private final DetectorSettings settings;
  final int[] counts = new int[CAUSES.length];

  /** The 2–3σ steps counted, and how many of them the data place off. */
  int counted;

  int placedOff;

  MissedSteps(DetectorSettings settings) {
    this.settings = settings;
  }

  /**
   * Counts the 2–3σ steps {@code counted} of {@code series} (indices into its steps), and sorts by
   * cause those that {@code matched} says {@code detected} missed.
   */
  void add(
      HeldOutSeries series,
      List<Integer> counted,
      boolean[] matched,
      List<DetectedChange> detected) {
    if (counted.isEmpty()) {
      return;
    }
    // Cleaning and the noise model cover the whole series: once for all its steps.
    Truth truth = Truth.of(series, settings);
    for (int k : counted) {
      JumpAtSplit.Outcome outcome = truth.test(k, settings);
      this.counted++;
      placedOff += placedOff(truth, outcome) ? 1 : 0;
      if (!matched[k]) {
        counts[cause(outcome, detected)]++;
      }
    }
  }

  private int cause(JumpAtSplit.Outcome outcome, List<DetectedChange> detected) {
    for (DetectedChange change : detected) {
      if (Math.abs(change.index() - outcome.index()) <= 10) {
        return 0;
      }
    }
    if (!(outcome.p() * outcome.positions(settings.minSegment()) <= settings.significance())) {
      return 1;
    }
    double jump = Math.abs(outcome.levelAfter() - outcome.levelBefore());
    return jump < ChangePointDetector.SHARP_EFFECT * outcome.sigma() ? 2 : 3;
  }

  /**
   * Whether the detector's placement, told the truth ({@code outcome} is the test at the true night
   * between the true neighbours), chooses a night more than the tolerance off.
   */
  private static boolean placedOff(Truth truth, JumpAtSplit.Outcome outcome) {
    int index = outcome.index();
    int placed =
        SplitLikelihood.placed(
            truth.cleaned(),
            outcome.lo(),
            outcome.hi(),
            Math.max(outcome.lo() + SplitLikelihood.EDGE, index - 10),
            Math.min(outcome.hi() - SplitLikelihood.EDGE, index + 10),
            truth.noise().serialCorrelation(),
            outcome.flat());
    return Math.abs(placed - index) > HeldOutQuality.TOLERANCE;
  }

  /**
   * What the detector would see of a series if told the truth: the cleaned series and the noise
   * model estimated around the true steps.
   */
  private record Truth(HeldOutSeries series, double[] cleaned, NoiseModel noise) {

    static Truth of(HeldOutSeries series, DetectorSettings settings) {
      double[] values = series.values();
      double[] sigma = NoiseScale.local(values, 0, values.length, settings.context());
      double[] cleaned =
          OutlierFilter.clean(values, 0, values.length, sigma, settings.outlierThreshold());
      int[] breaks = series.steps().stream().mapToInt(HeldOutSeries.Step::index).toArray();
      return new Truth(series, cleaned, NoiseModel.estimate(cleaned, 0, cleaned.length, breaks));
    }

    /** The detector's step test at step {@code k}'s true night, between the true neighbours. */
    JumpAtSplit.Outcome test(int k, DetectorSettings settings) {
      List<HeldOutSeries.Step> steps = series.steps();
      int index = steps.get(k).index();
      int previous = k > 0 ? steps.get(k - 1).index() : 0;
      int next = k + 1 < steps.size() ? steps.get(k + 1).index() : cleaned.length;
      int lo = Math.max(previous, index - settings.context());
      int hi = Math.min(next, index + settings.context());
      return JumpAtSplit.run(
          cleaned, series.stddevs(), settings.withinRunFloor(), lo, index, hi, noise);
    }
  }

  String summary() {
    StringBuilder out = new StringBuilder();
    for (int c = 0; c < CAUSES.length; c++) {
      out.append(
          String.format(
              Locale.ROOT, "%s %d%s", CAUSES[c], counts[c], c + 1 < CAUSES.length ? ", " : ""));
    }
    out.append(
        String.format(
            Locale.ROOT,
            "; placed >%d nights off by the data, told the truth: %d of %d",
            HeldOutQuality.TOLERANCE,
            placedOff,
            counted));
    return out.toString();
  }
}
