package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The counts of one noise model's night-by-night replays, as {@link NightlyQualityStudy} prints
 * them: on change-free series, suspicions and confirmed change points (those the run's other series
 * put down to the machine apart); on series with one step, when it was suspected and confirmed,
 * recall by σ beside the whole-series detector's, precision.
 *
 * <p>A drift is counted as what it is: found in a series that drifts, it is right (counted apart,
 * drifts / 1,000); in one that does not, a false confirmed alert. A drift that only grows (a refit
 * of one already confirmed) is the same alert, counted once. A step is found by a suspicion only
 * when it was raised on the step's night or later, the way the step went.
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
  private long drifts;
  private long falseDrifts;
  private long driftedSteps;

  /**
   * A change-free series' replay; {@code machine} tells the machine's nights, {@code drifting}
   * whether the series drifts (a drift found there is no false alert).
   */
  void changeFree(NightlyReplay.Result result, int length, Machine machine, boolean drifting) {
    crossSeries |= machine != Machine.NEVER;
    long c = 0;
    java.util.Set<Integer> beyond = new java.util.HashSet<>();
    for (NightlyReplay.Event e : result.events()) {
      boolean machines = machines(e, machine, beyond);
      if (e.stage() == NightlyStep.Stage.SUSPECTED) {
        if (machines) {
          machineSuspicions++;
        } else {
          suspicions++;
        }
      } else if (e.stage() == NightlyStep.Stage.CONFIRMED && !machines && !isDrift(e)) {
        c++;
      } else if (e.stage() == NightlyStep.Stage.WITHDRAWN
          && e.reason() != null
          && e.reason().startsWith("part of the drift")) {
        driftedSteps++;
      }
    }
    for (NightlyReplay.Event e : newDrifts(result)) {
      if (drifting) {
        drifts++;
      } else if (!machine.moved(e.index(), relative(e))) {
        falseDrifts++;
        c++;
      }
    }
    confirmed += c;
    alarmed += c > 0 ? 1 : 0;
    changeFree++;
    judged += Math.max(0, length - SuspicionCheck.MIN_REFERENCE);
  }

  /**
   * A replay of a series with one step of {@code SIZES[size]} σ at {@code step}, the way of {@code
   * direction} (the sign of its relative change; NaN where unknown), in a series that drifts or
   * not.
   */
  void withStep(
      NightlyReplay.Result result,
      double[] values,
      double[] stddevs,
      int step,
      double direction,
      int size,
      Machine machine,
      boolean drifting) {
    Integer suspectedOn = null;
    Integer confirmedOn = null;
    java.util.Set<Integer> beyond = new java.util.HashSet<>();
    for (NightlyReplay.Event e : result.events()) {
      boolean near = Math.abs(e.index() - step) <= HeldOutQuality.TOLERANCE;
      boolean code = !machines(e, machine, beyond);
      // A suspicion raised before the step's night, or the other way, is no suspicion of it.
      if (e.stage() == NightlyStep.Stage.SUSPECTED
          && near
          && code
          && suspectedOn == null
          && e.night() >= step
          && (Double.isNaN(direction) || Math.signum(relative(e)) == direction)) {
        suspectedOn = e.night();
      }
      if (e.stage() == NightlyStep.Stage.CONFIRMED
          && near
          && code
          && !isDrift(e)
          && confirmedOn == null) {
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
      if (k.stage() == NightlyStep.Stage.CONFIRMED && k.last() >= 0) {
        // A drift: right in a series that drifts, a false change point in one that does not.
        reported += drifting ? 0 : 1;
      } else if (k.stage() == NightlyStep.Stage.CONFIRMED) {
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

  /** Drifts found in change-free series that drift, per 1,000 series-nights: no false alerts. */
  double drifts() {
    return 1000.0 * drifts / judged;
  }

  /** Drifts confirmed in change-free series that do not drift (in {@link #falseConfirmed}). */
  long falseDrifts() {
    return falseDrifts;
  }

  /** Confirmed steps of change-free series later withdrawn as part of a drift. */
  long driftedSteps() {
    return driftedSteps;
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
            crossSeries
                ? String.format(Locale.ROOT, "%.2f", 1000.0 * machineSuspicions / judged)
                : "-",
            firstNight5(),
            within3(),
            median(toSuspect),
            median(toConfirm),
            recall,
            share(truePositives, reported))
        + (drifts + falseDrifts + driftedSteps == 0
            ? ""
            : String.format(
                Locale.ROOT,
                " | drifts %.2f/1k found where the series drifts; %d false (in conf/1k);"
                    + " %d confirmed steps later part of a drift",
                drifts(),
                falseDrifts,
                driftedSteps));
  }

  /**
   * Whether event {@code e} is the machine's, as the alerts page says it: a suspicion of the
   * series' move beyond the machine's is the code's, and so is its confirmation where it was
   * suspected (the change point keeps the machine's move); any other by the run's evidence. {@code
   * beyond} collects the nights of such suspicions, event by event.
   */
  private static boolean machines(
      NightlyReplay.Event e, Machine machine, java.util.Set<Integer> beyond) {
    if (e.suspected() != null && e.suspected().beyondMachine()) {
      beyond.add(e.index());
      return false;
    }
    if (e.stage() == NightlyStep.Stage.CONFIRMED
        && e.movedFrom() != null
        && e.movedFrom() == e.index()
        && beyond.contains(e.index())) {
      return false;
    }
    return machine.moved(e.index(), relative(e));
  }

  private static boolean isDrift(NightlyReplay.Event e) {
    return e.confirmed() != null && e.confirmed().drift() != null;
  }

  /**
   * The drifts a replay confirmed, each once: a confirmation of a drift that moves an earlier drift
   * (it grew) is that drift again.
   */
  private static List<NightlyReplay.Event> newDrifts(NightlyReplay.Result result) {
    List<NightlyReplay.Event> found = new ArrayList<>();
    java.util.Set<Integer> starts = new java.util.HashSet<>();
    for (NightlyReplay.Event e : result.events()) {
      if (e.stage() == NightlyStep.Stage.CONFIRMED && isDrift(e)) {
        if (e.movedFrom() == null || !starts.contains(e.movedFrom())) {
          found.add(e);
        }
        starts.add(e.index());
      }
    }
    return found;
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
