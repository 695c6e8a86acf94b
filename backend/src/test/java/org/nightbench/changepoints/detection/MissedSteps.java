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
 */
final class MissedSteps {

  static final String[] CAUSES = {"mislocated", "unprovable", "small", "lost"};

  private final DetectorSettings settings;
  final int[] counts = new int[CAUSES.length];

  MissedSteps(DetectorSettings settings) {
    this.settings = settings;
  }

  /** Counts step {@code k} of {@code series}, which {@code detected} missed. */
  void add(HeldOutSeries series, int k, List<DetectedChange> detected) {
    counts[cause(series, k, detected)]++;
  }

  private int cause(HeldOutSeries series, int k, List<DetectedChange> detected) {
    List<HeldOutSeries.Step> truth = series.steps();
    int index = truth.get(k).index();
    for (DetectedChange change : detected) {
      if (Math.abs(change.index() - index) <= 10) {
        return 0;
      }
    }
    double[] values = series.values();
    double[] sigma = NoiseScale.local(values, 0, values.length, settings.context());
    double[] cleaned =
        OutlierFilter.clean(values, 0, values.length, sigma, settings.outlierThreshold());
    int[] breaks = truth.stream().mapToInt(HeldOutSeries.Step::index).toArray();
    NoiseModel noise = NoiseModel.estimate(cleaned, 0, cleaned.length, breaks);
    int previous = k > 0 ? truth.get(k - 1).index() : 0;
    int next = k + 1 < truth.size() ? truth.get(k + 1).index() : values.length;
    int lo = Math.max(previous, index - settings.context());
    int hi = Math.min(next, index + settings.context());
    StepTest.Outcome outcome =
        StepTest.run(cleaned, series.stddevs(), settings.withinRunFloor(), lo, index, hi, noise);
    if (!(outcome.p() * outcome.positions(settings.minSegment()) <= settings.significance())) {
      return 1;
    }
    double jump = Math.abs(outcome.levelAfter() - outcome.levelBefore());
    return jump < ChangePointDetector.SHARP_EFFECT * outcome.sigma() ? 2 : 3;
  }

  String summary() {
    StringBuilder out = new StringBuilder();
    for (int c = 0; c < CAUSES.length; c++) {
      out.append(
          String.format(
              Locale.ROOT, "%s %d%s", CAUSES[c], counts[c], c + 1 < CAUSES.length ? ", " : ""));
    }
    return out.toString();
  }
}
