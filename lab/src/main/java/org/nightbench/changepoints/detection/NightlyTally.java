package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The counts of one noise model's night-by-night replays, as {@link NightlyQualityStudy} prints
 * them: on change-free series, suspicions and confirmed change points (those the run's other series
 * put down to the machine apart); on series with one step, when it was suspected and confirmed,
 * recall by σ beside the whole-series detector's, precision.
 */
final class NightlyTally {

  /** Whose an alert at a night is, by the evidence of the run's other series. */
  interface Machine {
    /** Whether the alert at night {@code index}, of {@code relativeChange}, is the machine's. */
    boolean moved(int index, double relativeChange);

    Machine NEVER = (index, change) -> false;
  }

  static final double[] SIZES = {1, 2, 3, 4, 5, 6};

  private final ChangePointDetector whole = new ChangePointDetector(DetectorSettings.defaults());
  private long suspicions;
  private long machineSuspicions;
  private long confirmed;
  private long judged;
  private int changeFree;
  private int alarmed;
  private int steps5;
  private int first5;
  private int steps3;
  private int within3;
  private final List<Integer> toSuspect = new ArrayList<>();
  private final List<Integer> toConfirm = new ArrayList<>();
  private final int[] sized = new int[SIZES.length];
  private final int[] found = new int[SIZES.length];
  private final int[] foundWhole = new int[SIZES.length];
  private int truePositives;
  private int reported;
  private boolean crossSeries;

  /** A change-free series' replay; {@code machine} tells the machine's nights. */
  void changeFree(NightlyReplay.Result result, int length, Machine machine) {
    crossSeries |= machine != Machine.NEVER;
    long c = 0;
    for (NightlyReplay.Event e : result.events()) {
      boolean machines = machine.moved(e.index(), relative(e));
      if (e.stage() == NightlyStep.Stage.SUSPECTED) {
        if (machines) {
          machineSuspicions++;
        } else {
          suspicions++;
        }
      } else if (e.stage() == NightlyStep.Stage.CONFIRMED && !machines) {
        c++;
      }
    }
    confirmed += c;
    alarmed += c > 0 ? 1 : 0;
    changeFree++;
    judged += Math.max(0, length - SuspicionCheck.MIN_REFERENCE);
  }

  /** A replay of a series with one step of {@code SIZES[size]} σ at {@code step}. */
  void withStep(
      NightlyReplay.Result result,
      double[] values,
      double[] stddevs,
      int step,
      int size,
      Machine machine) {
    Integer suspectedOn = null;
    Integer confirmedOn = null;
    for (NightlyReplay.Event e : result.events()) {
      boolean near = Math.abs(e.index() - step) <= HeldOutQuality.TOLERANCE;
      boolean code = !machine.moved(e.index(), relative(e));
      if (e.stage() == NightlyStep.Stage.SUSPECTED && near && code && suspectedOn == null) {
        suspectedOn = e.night();
      }
      if (e.stage() == NightlyStep.Stage.CONFIRMED && near && code && confirmedOn == null) {
        confirmedOn = e.night();
      }
    }
    if (step >= SuspicionCheck.MIN_REFERENCE) {
      if (SIZES[size] >= 5) {
        steps5++;
        first5 += suspectedOn != null && suspectedOn == step ? 1 : 0;
      }
      if (SIZES[size] >= 3) {
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
    sized[size]++;
    if (held && confirmedOn != null) {
      found[size]++;
      toConfirm.add(confirmedOn - step);
    }
    for (DetectedChange c : whole.detect(values, stddevs)) {
      if (Math.abs(c.index() - step) <= HeldOutQuality.TOLERANCE) {
        foundWhole[size]++;
        break;
      }
    }
  }

  double falseSuspicions() {
    return 1000.0 * suspicions / judged;
  }

  double falseConfirmed() {
    return 1000.0 * confirmed / judged;
  }

  double firstNight5() {
    return share(first5, steps5);
  }

  double within3() {
    return share(within3, steps3);
  }

  static String header() {
    return String.format(
        Locale.ROOT,
        "%-36s %8s %8s %6s %7s | %6s %6s %5s %5s | recall nightly (whole) by σ 1/2/3/4/5/6"
            + "                          | precision",
        "noise model",
        "susp/1k",
        "conf/1k",
        "ser%",
        "mach/1k",
        "5σ 1st",
        "3σ ≤3",
        "t-sus",
        "t-con");
  }

  String line(String name) {
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
    return String.format(
        Locale.ROOT,
        "%-36s %8.2f %8.3f %5.1f%% %7s | %6.3f %6.3f %5s %5s | %s | %.3f",
        name,
        falseSuspicions(),
        falseConfirmed(),
        100.0 * alarmed / Math.max(1, changeFree),
        crossSeries ? String.format(Locale.ROOT, "%.2f", 1000.0 * machineSuspicions / judged) : "-",
        firstNight5(),
        within3(),
        median(toSuspect),
        median(toConfirm),
        recall,
        share(truePositives, reported));
  }

  private static double relative(NightlyReplay.Event e) {
    if (e.suspected() != null) {
      return e.suspected().relativeChange();
    }
    return e.confirmed() != null ? e.confirmed().relativeChange() : 0;
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
