package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Scores {@link ChangePointDetector} on {@link HeldOutSeries}, the generator it was not designed
 * on, as the issue states its targets: the share of change-free series of 500 nights that get any
 * change point, per noise model; and on series with planted steps, precision, recall over all steps
 * and by size in σ, and localisation. The lab's {@code HeldOutQualityStudy} prints the figures; the
 * floors are {@code DetectorQualityFloorTests}.
 *
 * <p>A detection is a true positive when it lies within ±{@value #TOLERANCE} points of a planted
 * step not already matched (nearest first); every other detection is a false positive.
 */
public final class HeldOutQuality {

  static final int TOLERANCE = 2;

  /** Size classes of steps in σ: [0, 1), [1, 2), [2, 3), [3, ∞). */
  static final String[] SIZE_CLASSES = {"<1σ", "1-2σ", "2-3σ", ">=3σ"};

  private HeldOutQuality() {}

  /** A change-free noise model of the list. */
  record Model(String name, HeldOutSeries.Noise noise, double phi, boolean extras) {}

  static final List<Model> CHANGE_FREE =
      List.of(
          new Model("independent", HeldOutSeries.Noise.WHITE, 0, false),
          new Model("AR(1) φ=0.3", HeldOutSeries.Noise.AR1, 0.3, false),
          new Model("AR(1) φ=0.5", HeldOutSeries.Noise.AR1, 0.5, false),
          new Model("AR(1) φ=0.8", HeldOutSeries.Noise.AR1, 0.8, false),
          new Model("two-level", HeldOutSeries.Noise.TWO_LEVEL, 0, false),
          new Model("two-level spells", HeldOutSeries.Noise.TWO_LEVEL_SPELLS, 0, false),
          new Model("heavy-tailed t3", HeldOutSeries.Noise.HEAVY_TAILED, 0, false),
          new Model("variance change", HeldOutSeries.Noise.VARIANCE_CHANGE, 0, false),
          new Model("independent + drift/bursts/missing", HeldOutSeries.Noise.WHITE, 0, true),
          new Model("AR(1) φ=0.5 + drift/bursts/missing", HeldOutSeries.Noise.AR1, 0.5, true));

  /** How many of {@code count} change-free series of a model get a change point, and how many. */
  static int[] falseAlarms(ChangePointDetector detector, Model model, long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed ^ model.name().hashCode());
    int alarmed = 0;
    int changes = 0;
    for (int i = 0; i < count; i++) {
      HeldOutSeries series =
          HeldOutSeries.changeFree(model.noise(), model.phi(), 500, model.extras(), random.split());
      int found = detector.detect(series.values(), series.stddevs()).size();
      alarmed += found > 0 ? 1 : 0;
      changes += found;
    }
    return new int[] {alarmed, changes};
  }

  static Score score(ChangePointDetector detector, List<HeldOutSeries> set) {
    Score score = new Score(detector.settings());
    for (HeldOutSeries series : set) {
      score.add(series, detector.detect(series.values(), series.stddevs()));
    }
    return score;
  }

  /** Counts over a set of series with planted steps. */
  static final class Score {
    int truePositives;
    int falsePositives;

    /** By size class: steps with at least 30 nights each side, and how many were found. */
    final int[] steps = new int[SIZE_CLASSES.length];

    final int[] found = new int[SIZE_CLASSES.length];
    final List<Integer> errors = new ArrayList<>();
    final Map<String, Integer> falseByCause = new TreeMap<>();

    /** Why the 2-3σ steps counted above were missed. */
    final MissedSteps missed;

    Score(DetectorSettings settings) {
      missed = new MissedSteps(settings);
    }

    /**
     * What a false positive lies near: a planted step within 10 (mislocated), an outlier burst
     * within 3, a drift or ramp in the series, or only noise.
     */
    private static String cause(HeldOutSeries series, int index) {
      for (HeldOutSeries.Step step : series.steps()) {
        if (Math.abs(step.index() - index) <= 10) {
          return "mislocated";
        }
      }
      for (int outlier : series.outliers()) {
        if (Math.abs(outlier - index) <= 3) {
          return "burst";
        }
      }
      return series.drifts() ? "drift" : "noise";
    }

    void add(HeldOutSeries series, List<DetectedChange> detected) {
      List<HeldOutSeries.Step> truth = series.steps();
      boolean[] matched = new boolean[truth.size()];
      for (DetectedChange change : detected) {
        int best = -1;
        for (int k = 0; k < truth.size(); k++) {
          int distance = Math.abs(truth.get(k).index() - change.index());
          if (!matched[k]
              && distance <= TOLERANCE
              && (best < 0 || distance < Math.abs(truth.get(best).index() - change.index()))) {
            best = k;
          }
        }
        if (best >= 0) {
          matched[best] = true;
          truePositives++;
          errors.add(Math.abs(truth.get(best).index() - change.index()));
        } else {
          falsePositives++;
          falseByCause.merge(cause(series, change.index()), 1, Integer::sum);
        }
      }
      List<Integer> counted = new ArrayList<>();
      for (int k = 0; k < truth.size(); k++) {
        int index = truth.get(k).index();
        int before = index - (k > 0 ? truth.get(k - 1).index() : 0);
        int after = (k + 1 < truth.size() ? truth.get(k + 1).index() : series.values().length);
        if (before >= HeldOutSeries.GAP - 3 && after - index >= HeldOutSeries.GAP - 3) {
          int size = sizeClass(truth.get(k).sizeSigma());
          steps[size]++;
          found[size] += matched[k] ? 1 : 0;
          if (size == 2) {
            counted.add(k);
          }
        }
      }
      missed.add(series, counted, matched, detected);
    }

    static int sizeClass(double sizeSigma) {
      return (int) Math.min(3, Math.floor(sizeSigma));
    }

    double precision() {
      int reported = truePositives + falsePositives;
      return reported == 0 ? 1 : (double) truePositives / reported;
    }

    double recall(int sizeClass) {
      return steps[sizeClass] == 0 ? 1 : (double) found[sizeClass] / steps[sizeClass];
    }

    double recall() {
      int all = Arrays.stream(steps).sum();
      return all == 0 ? 1 : (double) Arrays.stream(found).sum() / all;
    }

    String summary() {
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "precision %.3f (%d true, %d false positives: %s)%n"
                  + "recall, all steps: %.3f (%d of %d)%n",
              precision(),
              truePositives,
              falsePositives,
              falseByCause,
              recall(),
              Arrays.stream(found).sum(),
              Arrays.stream(steps).sum()));
      for (int c = 0; c < SIZE_CLASSES.length; c++) {
        out.append(
            String.format(
                Locale.ROOT,
                "recall, steps %-5s %.3f (%d of %d)%n",
                SIZE_CLASSES[c] + ":",
                recall(c),
                found[c],
                steps[c]));
      }
      out.append(String.format(Locale.ROOT, "2-3σ steps missed: %s%n", missed.summary()));
      int[] at = new int[TOLERANCE + 1];
      errors.forEach(e -> at[e]++);
      out.append(
          String.format(
              Locale.ROOT,
              "localisation of true positives: exact %d, ±1 %d, ±2 %d (mean error %.2f)",
              at[0],
              at[1],
              at[2],
              errors.stream().mapToInt(Integer::intValue).average().orElse(Double.NaN)));
      return out.toString();
    }
  }
}
