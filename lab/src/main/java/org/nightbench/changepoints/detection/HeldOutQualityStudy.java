package org.nightbench.changepoints.detection;

import java.util.List;
import java.util.Locale;

/**
 * Prints {@link HeldOutQuality}'s scores of {@link ChangePointDetector} on {@link HeldOutSeries}:
 * false alarms per change-free noise model, and precision, recall by step size and localisation on
 * series with planted steps, overall and per noise model.
 *
 * <p>usage: {@code HeldOutQualityStudy [seed] [series] [changeFreePerModel]} (defaults 20261124
 * 2100 200); tune on other seeds than the one reported. See {@code scripts/detector-quality.sh}.
 */
public final class HeldOutQualityStudy {

  private HeldOutQualityStudy() {}

  public static void main(String[] args) {
    long seed = args.length > 0 ? Long.parseLong(args[0]) : 20261124L;
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 2100;
    int perModel = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    ChangePointDetector detector = new ChangePointDetector(DetectorSettings.defaults());
    System.out.printf(
        Locale.ROOT,
        "held-out generator, seed %d%nchange-free series of 500 nights at 2 %% noise, %d per"
            + " model: share with any change point (change points in all)%n",
        seed,
        perModel);
    for (HeldOutQuality.Model model : HeldOutQuality.CHANGE_FREE) {
      int[] alarmed = HeldOutQuality.falseAlarms(detector, model, seed, perModel);
      System.out.printf(
          Locale.ROOT,
          "  %-36s %5.1f %% (%d)%n",
          model.name(),
          100.0 * alarmed[0] / perModel,
          alarmed[1]);
    }
    List<HeldOutSeries> set = HeldOutSeries.withSteps(seed, count);
    HeldOutQuality.Score score = HeldOutQuality.score(detector, set);
    System.out.printf(
        Locale.ROOT, "%nplanted steps: %d series, lengths 200-1500%n%s%n", count, score.summary());
    System.out.printf(
        Locale.ROOT,
        "%n%-18s %9s %7s %7s %7s %7s%n",
        "by noise",
        "precision",
        "<1σ",
        "1-2σ",
        "2-3σ",
        ">=3σ");
    for (HeldOutSeries.Noise noise : HeldOutSeries.Noise.values()) {
      HeldOutQuality.Score s =
          HeldOutQuality.score(detector, set.stream().filter(x -> x.noise() == noise).toList());
      System.out.printf(
          Locale.ROOT,
          "%-18s %9.3f %7.3f %7.3f %7.3f %7.3f  %s; 2-3σ missed: %s%n",
          noise,
          s.precision(),
          s.recall(0),
          s.recall(1),
          s.recall(2),
          s.recall(3),
          s.falseByCause,
          s.missed.summary());
    }
  }
}
