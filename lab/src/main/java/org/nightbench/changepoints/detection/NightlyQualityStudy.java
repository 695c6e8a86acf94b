package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The nightly path's quality as the app runs it: every series is replayed night by night through
 * {@link NightlyReplay} (each night, the series so far through {@link NightlyStep}, the code
 * ingestion runs), on the held-out generator's noise models ({@link HeldOutQuality#CHANGE_FREE}:
 * independent, AR(1) 0.3/0.5/0.8, two-level nights (two JIT modes) alone and in spells, Student-t 3
 * df, a variance change, and drift, bursts and missing nights on independent and AR(1) noise).
 *
 * <p>Per model it prints: on change-free series, false suspicions and false confirmed change points
 * per 1,000 series-nights (nights from the {@value SuspicionCheck#MIN_REFERENCE}th on, as nothing
 * is judged before) and the share of series with a false confirmed one; on series with one step of
 * 1–6σ, the share suspected on the step's first night and within 3 nights, the median nights to
 * suspect and to confirm, confirmed recall by σ (a change point within ±{@value
 * HeldOutQuality#TOLERANCE} nights of the step by the series' end) beside the whole-series
 * detector's on the same series, and the precision of the confirmed change points.
 *
 * <p>usage: {@code NightlyQualityStudy [seed] [changeFreePerModel] [perSizePerModel] [nights]}
 * (defaults 38001 100 30 200). See {@code scripts/nightly-quality.sh}.
 */
public final class NightlyQualityStudy {

  private NightlyQualityStudy() {}

  static final double[] SIZES = {1, 2, 3, 4, 5, 6};

  public static void main(String[] args) {
    long seed = args.length > 0 ? Long.parseLong(args[0]) : 38001L;
    int changeFree = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int perSize = args.length > 2 ? Integer.parseInt(args[2]) : 30;
    int nights = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    NightlyReplay replay = new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));
    ChangePointDetector whole = new ChangePointDetector(DetectorSettings.defaults());
    System.out.printf(
        Locale.ROOT,
        "nightly path replayed night by night, seed %d, %d nights a series at 2 %% noise;"
            + " %d change-free series and %d series per step size per model%n",
        seed,
        nights,
        changeFree,
        perSize);
    System.out.printf(
        Locale.ROOT,
        "%-36s %8s %8s %6s | %6s %6s %5s %5s | recall nightly (whole) by σ 1/2/3/4/5/6"
            + "                          | precision%n",
        "noise model",
        "susp/1k",
        "conf/1k",
        "ser%",
        "5σ 1st",
        "3σ ≤3",
        "t-sus",
        "t-con");
    long started = System.nanoTime();
    long replayed = 0;
    for (HeldOutQuality.Model model : HeldOutQuality.CHANGE_FREE) {
      SplittableRandom random = new SplittableRandom(seed ^ model.name().hashCode());
      long suspicions = 0;
      long confirmed = 0;
      long judged = 0;
      int alarmed = 0;
      for (int i = 0; i < changeFree; i++) {
        HeldOutSeries series =
            HeldOutSeries.changeFree(
                model.noise(), model.phi(), nights, model.extras(), random.split());
        NightlyReplay.Result result = replay.replay(series.values(), series.stddevs(), none());
        replayed += series.values().length;
        long c = count(result, NightlyStep.Stage.CONFIRMED);
        suspicions += count(result, NightlyStep.Stage.SUSPECTED);
        confirmed += c;
        alarmed += c > 0 ? 1 : 0;
        judged += Math.max(0, series.values().length - SuspicionCheck.MIN_REFERENCE);
      }
      int steps5 = 0;
      int first5 = 0;
      int steps3 = 0;
      int within3 = 0;
      List<Integer> toSuspect = new ArrayList<>();
      List<Integer> toConfirm = new ArrayList<>();
      int[] sized = new int[SIZES.length];
      int[] found = new int[SIZES.length];
      int[] foundWhole = new int[SIZES.length];
      int truePositives = 0;
      int reported = 0;
      for (int s = 0; s < SIZES.length; s++) {
        for (int i = 0; i < perSize; i++) {
          HeldOutSeries series =
              HeldOutSeries.withStep(
                  model.noise(), model.phi(), nights, SIZES[s], model.extras(), random.split());
          if (series.steps().isEmpty()) {
            continue;
          }
          int step = series.steps().get(0).index();
          NightlyReplay.Result result = replay.replay(series.values(), series.stddevs(), none());
          replayed += series.values().length;
          Integer suspectedOn = null;
          Integer confirmedOn = null;
          for (NightlyReplay.Event e : result.events()) {
            boolean near = Math.abs(e.index() - step) <= HeldOutQuality.TOLERANCE;
            if (e.stage() == NightlyStep.Stage.SUSPECTED && near && suspectedOn == null) {
              suspectedOn = e.night();
            }
            if (e.stage() == NightlyStep.Stage.CONFIRMED && near && confirmedOn == null) {
              confirmedOn = e.night();
            }
          }
          if (step >= SuspicionCheck.MIN_REFERENCE) {
            if (SIZES[s] >= 5) {
              steps5++;
              first5 += suspectedOn != null && suspectedOn == step ? 1 : 0;
            }
            if (SIZES[s] >= 3) {
              steps3++;
              within3 += suspectedOn != null && suspectedOn <= step + 2 ? 1 : 0;
            }
          }
          if (suspectedOn != null) {
            toSuspect.add(suspectedOn - step);
          }
          boolean held = false;
          for (NightlyStep.Known k : result.changePoints()) {
            if (k.stage() == NightlyStep.Stage.CONFIRMED) {
              reported++;
              boolean near = Math.abs(k.index() - step) <= HeldOutQuality.TOLERANCE;
              truePositives += near ? 1 : 0;
              held |= near;
            }
          }
          sized[s]++;
          if (held && confirmedOn != null) {
            found[s]++;
            toConfirm.add(confirmedOn - step);
          }
          for (DetectedChange c : whole.detect(series.values(), series.stddevs())) {
            if (Math.abs(c.index() - step) <= HeldOutQuality.TOLERANCE) {
              foundWhole[s]++;
              break;
            }
          }
        }
      }
      StringBuilder recall = new StringBuilder();
      for (int s = 0; s < SIZES.length; s++) {
        recall.append(
            String.format(
                Locale.ROOT,
                "%s%.2f(%.2f)",
                s == 0 ? "" : " ",
                share(found[s], sized[s]),
                share(foundWhole[s], sized[s])));
      }
      System.out.printf(
          Locale.ROOT,
          "%-36s %8.2f %8.3f %5.1f%% | %6.3f %6.3f %5s %5s | %s | %.3f%n",
          model.name(),
          1000.0 * suspicions / judged,
          1000.0 * confirmed / judged,
          100.0 * alarmed / changeFree,
          share(first5, steps5),
          share(within3, steps3),
          median(toSuspect),
          median(toConfirm),
          recall,
          share(truePositives, reported));
    }
    System.out.printf(
        Locale.ROOT,
        "cost: %.0f µs per replayed night (detector, suspicion and withdrawals; one thread)%n",
        (System.nanoTime() - started) / 1e3 / replayed);
  }

  private static DetectionInputs none() {
    return DetectionInputs.none();
  }

  private static long count(NightlyReplay.Result result, NightlyStep.Stage stage) {
    return result.events().stream().filter(e -> e.stage() == stage).count();
  }

  private static double share(int part, int whole) {
    return whole == 0 ? Double.NaN : (double) part / whole;
  }

  private static String median(List<Integer> nights) {
    if (nights.isEmpty()) {
      return "-";
    }
    List<Integer> sorted = new ArrayList<>(nights);
    sorted.sort(Integer::compare);
    return String.valueOf(sorted.get(sorted.size() / 2));
  }
}
