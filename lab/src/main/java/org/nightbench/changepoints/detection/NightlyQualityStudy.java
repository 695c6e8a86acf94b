package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.nightbench.changepoints.evidence.RunEvidenceCalculator;

/**
 * The nightly path's quality as the app runs it: every series is replayed night by night through
 * {@link NightlyReplay} (each night, the series so far and its JVMs' spread through {@link
 * NightlyStep}, the code ingestion runs), on two generators. The held-out generator's noise models
 * ({@link HeldOutQuality#CHANGE_FREE}: independent, AR(1) 0.3/0.5/0.8, two-level nights alone and
 * in spells, Student-t 3 df, a variance change, drift, bursts and missing nights) vary a night as a
 * whole. {@link SourcedSeries} builds a night from where its noise comes from: the JVMs (wild ones
 * show as spread), the series-night, and the machine-night that moves every series of a run at
 * once; there, each night's run evidence is worked out by the app's {@link RunEvidenceCalculator}
 * and, as ingestion's detection does, the nights it puts down to the machine as a whole are left
 * out of each series' history once their spell is over ({@link MachineNights}), and each series is
 * judged on its JVMs' values and net of the machine's moves ({@link NightEvidence}); an alert that
 * the run's other series and its control put down to the machine (as the alerts page shows it) is
 * counted apart, not as a false code alert.
 *
 * <p>Per model it prints: on change-free series, false suspicions and false confirmed change points
 * per 1,000 series-nights (nights from the {@value SuspicionCheck#MIN_REFERENCE}th on, as nothing
 * is judged before), the share of series with a false confirmed one, and suspicions put down to the
 * machine; on series with one step of 1–6σ, the share suspected on the step's first night and
 * within 3 nights, the median nights to suspect and to confirm, confirmed recall by σ (a change
 * point within ±{@value HeldOutQuality#TOLERANCE} nights of the step by the series' end) beside the
 * whole-series detector's on the same series, and the precision of the confirmed change points.
 *
 * <p>Then, for the models with machine nights, what the figures are with the machine's nights kept
 * in every series' history (as the app ran before it used the run's evidence in detection): what
 * that evidence is worth.
 *
 * <p>With {@code sweep} as a fifth argument it prints instead, for every model, false suspicions
 * against first-night and 3-night recall as the suspicion's thresholds are scaled ({@link #SCALES},
 * below 1 and above), and which goals each scale meets; the sourced models as the app runs them.
 *
 * <p>With {@code parts} as a fifth argument it prints the sourced models only, by what of a night's
 * evidence besides its mean the replay passes ({@link NightEvidence}: neither, the JVMs' values,
 * the machine's moves, both; and the JVMs' centre on wild nights only).
 *
 * <p>usage: {@code NightlyQualityStudy [seed] [changeFreePerModel] [perSizePerModel] [nights]
 * [sweep|parts]} (defaults 38001 100 30 200). See {@code scripts/nightly-quality.sh}.
 */
public final class NightlyQualityStudy {

  private NightlyQualityStudy() {}

  /**
   * The thresholds' multiples the sweep tries; 1 is the app's. Below 1 for the recall goals, above
   * for the false suspicions.
   */
  static final double[] SCALES = {0.8, 0.9, 1.0, 1.1, 1.2, 1.4, 1.6, 1.8};

  /** The goals a model's suspicion is held to: false suspicions / 1,000, and the two recalls. */
  static final double MOST_FALSE = 2;

  static final double FIRST_NIGHT = 0.95;
  static final double WITHIN_3 = 0.90;

  /** Series of one simulated run of {@link SourcedSeries}. */
  static final int RUN = 25;

  public static void main(String[] args) {
    long seed = args.length > 0 ? Long.parseLong(args[0]) : 38001L;
    int changeFree = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int perSize = args.length > 2 ? Integer.parseInt(args[2]) : 30;
    int nights = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    if (args.length > 4 && args[4].equals("sweep")) {
      sweep(seed, changeFree, perSize, nights);
      return;
    }
    if (args.length > 4 && args[4].equals("parts")) {
      parts(seed, changeFree, perSize, nights);
      return;
    }
    NightlyReplay replay = new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));
    System.out.printf(
        Locale.ROOT,
        "nightly path replayed night by night, seed %d, %d nights a series at 2 %% noise;"
            + " %d change-free series and %d series per step size per model%n",
        seed,
        nights,
        changeFree,
        perSize);
    System.out.println(NightlyTally.header());
    long started = System.nanoTime();
    long replayed = 0;
    for (HeldOutQuality.Model model : HeldOutQuality.CHANGE_FREE) {
      NightlyTally tally = new NightlyTally();
      replayed += heldOut(replay, model, seed, changeFree, perSize, nights, tally);
      System.out.println(tally.line(model.name()));
    }
    for (SourcedSeries.Sources sources : SourcedSeries.MODELS) {
      NightlyTally tally = new NightlyTally();
      replayed += sourced(replay, sources, seed, changeFree, perSize, nights, tally, true);
      System.out.println(tally.line(sources.name()));
    }
    System.out.println(
        "with the machine's nights kept in every series' history (the run's evidence used for"
            + " attribution only, as before detection used it):");
    for (SourcedSeries.Sources sources : SourcedSeries.MODELS) {
      if (sources.machineNights() > 0) {
        NightlyTally tally = new NightlyTally();
        replayed += sourced(replay, sources, seed, changeFree, perSize, nights, tally, false);
        System.out.println(tally.line(sources.name() + ", kept in"));
      }
    }
    System.out.printf(
        Locale.ROOT,
        "cost: %.0f µs per replayed night (detector, suspicion and withdrawals; one thread)%n",
        (System.nanoTime() - started) / 1e3 / replayed);
  }

  /**
   * The sourced models only, as the app runs them (machine nights left out once over) with each
   * part of a night's evidence: neither (the means and spreads alone), the JVMs' values, the
   * machine's moves, both (the app).
   */
  private static void parts(long seed, int changeFree, int perSize, int nights) {
    NightlyReplay replay = new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));
    System.out.printf(
        Locale.ROOT,
        "sourced models by the evidence a night passes, seed %d, %d nights;"
            + " %d change-free series and %d per step size per model%n",
        seed,
        nights,
        changeFree,
        perSize);
    System.out.println(NightlyTally.header());
    NightlyReplay wildOnly =
        new NightlyReplay(
            new NightlyStep(DetectorSettings.defaults(), new SuspicionCheck(1, false)));
    for (SourcedSeries.Sources sources : SourcedSeries.MODELS) {
      for (Evidence evidence : Evidence.values()) {
        if (evidence.machine && sources.machineNights() == 0) {
          continue;
        }
        NightlyTally tally = new NightlyTally();
        sourced(replay, sources, seed, changeFree, perSize, nights, tally, true, evidence);
        System.out.println(
            tally.line(sources.name() + ", " + evidence.name().toLowerCase(Locale.ROOT)));
      }
      // The JVMs' centre judged on a wild night only, every other night on its mean.
      NightlyTally tally = new NightlyTally();
      sourced(wildOnly, sources, seed, changeFree, perSize, nights, tally, true, Evidence.BOTH);
      System.out.println(tally.line(sources.name() + ", centre on wild nights only"));
    }
  }

  /**
   * The trade-off curve of every model: false suspicions against recall as the thresholds are
   * scaled, each line marked with the goals it meets, so a model's docs can say whether any scale
   * meets them all.
   */
  private static void sweep(long seed, int changeFree, int perSize, int nights) {
    System.out.printf(
        Locale.ROOT,
        "suspicion thresholds × scale (1 = the app's 3.5/4/4.5), seed %d, %d nights;"
            + " %d change-free series and %d per step size per model;"
            + " goals: ≤ %.0f false suspicions / 1,000, ≥ %.2f 5σ first night, ≥ %.2f 3σ ≤ 3%n"
            + "%-36s %5s %8s %8s %7s  goals met%n",
        seed,
        nights,
        changeFree,
        perSize,
        MOST_FALSE,
        FIRST_NIGHT,
        WITHIN_3,
        "noise model",
        "scale",
        "susp/1k",
        "5σ 1st",
        "3σ ≤3");
    for (HeldOutQuality.Model model : HeldOutQuality.CHANGE_FREE) {
      for (double scale : SCALES) {
        NightlyTally tally = new NightlyTally();
        heldOut(scaled(scale), model, seed, changeFree, perSize, nights, tally);
        System.out.println(sweepLine(model.name(), scale, tally));
      }
    }
    for (SourcedSeries.Sources sources : SourcedSeries.MODELS) {
      for (double scale : SCALES) {
        NightlyTally tally = new NightlyTally();
        // As the app runs them: the machine's spells left out, the nights' evidence passed.
        sourced(scaled(scale), sources, seed, changeFree, perSize, nights, tally, true);
        System.out.println(sweepLine(sources.name(), scale, tally));
      }
    }
  }

  private static NightlyReplay scaled(double scale) {
    return new NightlyReplay(
        new NightlyStep(DetectorSettings.defaults(), new SuspicionCheck(scale)));
  }

  private static String sweepLine(String model, double scale, NightlyTally tally) {
    List<String> met = new ArrayList<>();
    if (tally.falseSuspicions() <= MOST_FALSE) {
      met.add("susp");
    }
    if (tally.firstNight5() >= FIRST_NIGHT) {
      met.add("1st");
    }
    if (tally.within3() >= WITHIN_3) {
      met.add("≤3");
    }
    return String.format(
        Locale.ROOT,
        "%-36s %5.2f %8.2f %8.3f %7.3f  %s",
        model,
        scale,
        tally.falseSuspicions(),
        tally.firstNight5(),
        tally.within3(),
        met.size() == 3 ? "all" : String.join(" ", met));
  }

  private static long heldOut(
      NightlyReplay replay,
      HeldOutQuality.Model model,
      long seed,
      int changeFree,
      int perSize,
      int nights,
      NightlyTally tally) {
    SplittableRandom random = new SplittableRandom(seed ^ model.name().hashCode());
    long replayed = 0;
    for (int i = 0; i < changeFree; i++) {
      HeldOutSeries series =
          HeldOutSeries.changeFree(
              model.noise(), model.phi(), nights, model.extras(), random.split());
      NightlyReplay.Result result =
          replay.replay(series.values(), series.stddevs(), DetectionInputs.none());
      replayed += series.values().length;
      tally.changeFree(result, series.values().length, NightlyTally.Machine.NEVER, series.drifts());
    }
    for (int s = 0; s < NightlyTally.SIZES.length; s++) {
      for (int i = 0; i < perSize; i++) {
        HeldOutSeries series =
            HeldOutSeries.withStep(
                model.noise(),
                model.phi(),
                nights,
                NightlyTally.SIZES[s],
                model.extras(),
                random.split());
        if (series.steps().isEmpty()) {
          continue;
        }
        NightlyReplay.Result result =
            replay.replay(series.values(), series.stddevs(), DetectionInputs.none());
        replayed += series.values().length;
        tally.withStep(
            result,
            series.values(),
            series.stddevs(),
            series.steps().get(0).index(),
            Math.signum(series.steps().get(0).relative()),
            s,
            NightlyTally.Machine.NEVER,
            series.drifts());
      }
    }
    return replayed;
  }

  private static long sourced(
      NightlyReplay replay,
      SourcedSeries.Sources sources,
      long seed,
      int changeFree,
      int perSize,
      int nights,
      NightlyTally tally,
      boolean asTheAppRuns) {
    return sourced(
        replay, sources, seed, changeFree, perSize, nights, tally, asTheAppRuns, Evidence.BOTH);
  }

  /**
   * What of a night's evidence the replay of a sourced series passes: its JVMs' values, the
   * machine's moves, both (the app), or neither (the nightly path before it used them).
   */
  enum Evidence {
    NEITHER(false, false),
    JVMS(true, false),
    MACHINE(false, true),
    BOTH(true, true);

    private final boolean jvms;
    private final boolean machine;

    Evidence(boolean jvms, boolean machine) {
      this.jvms = jvms;
      this.machine = machine;
    }

    NightEvidence of(SourcedSeries.Series series, Map<Integer, Double> moves, int nights) {
      if (!jvms && !machine) {
        return null;
      }
      return NightEvidence.of(jvms ? series.samples() : null, machine ? moves : null, nights);
    }
  }

  private static long sourced(
      NightlyReplay replay,
      SourcedSeries.Sources sources,
      long seed,
      int changeFree,
      int perSize,
      int nights,
      NightlyTally tally,
      boolean asTheAppRuns,
      Evidence evidence) {
    SplittableRandom random = new SplittableRandom(seed ^ sources.name().hashCode());
    long replayed = 0;
    for (int done = 0; done < changeFree; done += RUN) {
      SourcedSeries.Run run =
          SourcedSeries.run(sources, Math.min(RUN, changeFree - done), nights, Double.NaN, random);
      boolean[] flags = SourcedRuns.machineFlags(run, nights, asTheAppRuns);
      Set<Integer> machine = asTheAppRuns ? SourcedRuns.indices(flags) : Set.of();
      Map<Integer, Double> moves = SourcedRuns.machineMoves(run, flags);
      for (SourcedSeries.Series series : run.series()) {
        NightlyReplay.Result result =
            replay.replay(
                series.values(),
                series.stddevs(),
                asTheAppRuns ? evidence.of(series, moves, nights) : null,
                DetectionInputs.none(),
                machine);
        replayed += nights;
        tally.changeFree(result, nights, machine(run, asTheAppRuns ? flags : null), false);
      }
    }
    for (int s = 0; s < NightlyTally.SIZES.length; s++) {
      for (int done = 0; done < perSize; done += RUN) {
        SourcedSeries.Run run =
            SourcedSeries.run(
                sources, Math.min(RUN, perSize - done), nights, NightlyTally.SIZES[s], random);
        boolean[] flags = SourcedRuns.machineFlags(run, nights, asTheAppRuns);
        Set<Integer> machine = asTheAppRuns ? SourcedRuns.indices(flags) : Set.of();
        Map<Integer, Double> moves = SourcedRuns.machineMoves(run, flags);
        for (SourcedSeries.Series series : run.series()) {
          NightlyReplay.Result result =
              replay.replay(
                  series.values(),
                  series.stddevs(),
                  asTheAppRuns ? evidence.of(series, moves, nights) : null,
                  DetectionInputs.none(),
                  machine);
          replayed += nights;
          tally.withStep(
              result,
              series.values(),
              series.stddevs(),
              series.step(),
              Double.NaN,
              s,
              machine(run, asTheAppRuns ? flags : null),
              false);
        }
      }
    }
    return replayed;
  }

  /** The machine's nights of a simulated run as the app's attribution judges an alert. */
  static NightlyTally.Machine machine(SourcedSeries.Run run, boolean[] flags) {
    return (index, relativeChange) -> SourcedRuns.machineAlert(run, flags, index, relativeChange);
  }
}
