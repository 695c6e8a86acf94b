package org.nightbench.statistics;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The figures behind issue 7's honesty promise, on seeded {@link SyntheticComparison}s of 50 tasks:
 * how often an A/A comparison (no task differs) comes out "no difference" on every task, with and
 * without the false discovery rate control and with bad JVMs; how many planted differences are
 * found, in the right direction, and the share of false verdicts among the reported ones; which
 * effects a given number of JVMs can show at all. Prints; asserts nothing.
 *
 * <p>usage: {@code ComparisonHonesty [seed] [reps]} (defaults 20260101 1000); see {@code
 * scripts/comparison-honesty.sh}.
 */
public final class ComparisonHonesty {

  private static final int TASKS = 50;
  private static final int[] JVMS = {3, 5, 10, 20};
  private static final double[] NOISE = {0.02, 0.05, 0.10};

  private ComparisonHonesty() {}

  public static void main(String[] args) {
    long seed = args.length > 0 ? Long.parseLong(args[0]) : 20260101L;
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    ComparisonSettings defaults = ComparisonSettings.defaults();
    System.out.printf(
        Locale.ROOT,
        "settings: %s; %d comparisons of %d tasks per line, seed %d%n",
        defaults,
        reps,
        TASKS,
        seed);

    System.out.printf(
        Locale.ROOT,
        "%nA/A: share of comparisons with no verdict on any task (target >= 0.95; 2 binomial"
            + " standard errors = %.3f).%n     'raw p': the same share had each task been called at"
            + " p <= 0.05 without the FDR control.%n     'rank': share of tasks the Mann-Whitney test"
            + " was chosen for. Noise does not matter here (the tests are scale-free); 2 %% shown.%n",
        2 * Math.sqrt(0.05 * 0.95 / reps));
    System.out.printf(
        Locale.ROOT,
        "%-6s %9s %9s %6s   %s%n",
        "JVMs",
        "all-clear",
        "raw p",
        "rank",
        "with 5 % bad JVMs (30 % slow): all-clear, rank");
    for (int n : JVMS) {
      Aa clean = aa(SyntheticComparison.aa(TASKS, n, 0.02), seed, reps);
      Aa bad = aa(SyntheticComparison.aa(TASKS, n, 0.02).withOutliers(0.05), seed, reps);
      System.out.printf(
          Locale.ROOT,
          "%-6d %9.3f %9.3f %6.3f   %.3f, %.3f%n",
          n,
          clean.allClear,
          clean.rawClear,
          clean.rank,
          bad.allClear,
          bad.rank);
    }

    System.out.printf(
        Locale.ROOT,
        "%nplanted: 5 of %d tasks moved by 10 %% (alternately slower and faster); power = planted"
            + " differences found in the right direction,%n         FDR = mean share of false or"
            + " wrongly directed verdicts among the verdicts (target <= 0.05), clean = share of"
            + " comparisons without any%n",
        TASKS);
    System.out.printf(
        Locale.ROOT, "%-6s %-6s %-6s %-6s %-6s%n", "JVMs", "noise", "power", "FDR", "clean");
    for (int n : JVMS) {
      for (double noise : NOISE) {
        planted(SyntheticComparison.planted(TASKS, n, noise, 5, 0.10), seed, reps, defaults);
      }
    }

    System.out.printf(
        Locale.ROOT,
        "%nsmallest effect: power for 5 of %d tasks moved by the effect, 2 %% noise%n",
        TASKS);
    double[] effects = {0.01, 0.02, 0.05, 0.10, 0.20};
    System.out.printf(Locale.ROOT, "%-6s", "JVMs");
    for (double effect : effects) {
      System.out.printf(Locale.ROOT, " %6s", String.format(Locale.ROOT, "%.0f%%", 100 * effect));
    }
    System.out.println();
    int powerReps = Math.max(1, reps / 5);
    for (int n : JVMS) {
      System.out.printf(Locale.ROOT, "%-6d", n);
      for (double effect : effects) {
        SyntheticComparison scenario = SyntheticComparison.planted(TASKS, n, 0.02, 5, effect);
        System.out.printf(Locale.ROOT, " %6.3f", scenario.run(seed, powerReps, defaults).power());
      }
      System.out.println();
    }

    System.out.printf(
        Locale.ROOT,
        "%nbad JVMs: 5 of %d tasks moved by 5 %%, 2 %% noise, 10 %% of JVMs 30 %% slow;"
            + " test chosen per task (auto) against Welch on every task%n",
        TASKS);
    System.out.printf(
        Locale.ROOT, "%-6s %-6s %-6s %-6s %-6s%n", "JVMs", "test", "power", "FDR", "clean");
    for (int n : new int[] {10, 20}) {
      SyntheticComparison scenario =
          SyntheticComparison.planted(TASKS, n, 0.02, 5, 0.05).withOutliers(0.10);
      for (ComparisonSettings.TestChoice choice :
          List.of(ComparisonSettings.TestChoice.AUTO, ComparisonSettings.TestChoice.WELCH)) {
        System.out.printf(Locale.ROOT, "%-6d %-6s ", n, choice.name().toLowerCase(Locale.ROOT));
        SyntheticComparison.Tally tally =
            scenario.run(seed, powerReps, defaults.withTestChoice(choice));
        System.out.printf(
            Locale.ROOT,
            "%6.3f %6.3f %6.3f%n",
            tally.power(),
            tally.meanFdp(),
            tally.allClearFraction());
      }
    }

    System.out.printf(
        Locale.ROOT, "%nexample: 10 JVMs per side, 2 %% noise, 5 of 12 tasks moved by 10 %%%n");
    List<TaskSamples> example =
        SyntheticComparison.planted(12, 10, 0.02, 5, 0.10).draw(new SplittableRandom(seed));
    System.out.print(LuceneutilTable.format(Comparison.compare(example, true)));
  }

  /** Shares over the repetitions of an A/A scenario. */
  private record Aa(double allClear, double rawClear, double rank) {}

  private static Aa aa(SyntheticComparison scenario, long seed, int reps) {
    SplittableRandom random = new SplittableRandom(seed);
    int allClear = 0;
    int rawClear = 0;
    long rank = 0;
    for (int rep = 0; rep < reps; rep++) {
      List<TaskComparison> results = Comparison.compare(scenario.draw(random), true);
      allClear += results.stream().allMatch(r -> r.verdict() == Verdict.NO_DIFFERENCE) ? 1 : 0;
      rawClear += results.stream().allMatch(r -> r.pValue() > 0.05) ? 1 : 0;
      rank += results.stream().filter(r -> r.test() == TestMethod.MANN_WHITNEY).count();
    }
    return new Aa(
        (double) allClear / reps,
        (double) rawClear / reps,
        (double) rank / reps / scenario.tasks());
  }

  private static void planted(
      SyntheticComparison scenario, long seed, int reps, ComparisonSettings settings) {
    SyntheticComparison.Tally tally = scenario.run(seed, reps, settings);
    System.out.printf(
        Locale.ROOT,
        "%-6d %-6s %6.3f %6.3f %6.3f%n",
        scenario.n(),
        percent(scenario.noise()),
        tally.power(),
        tally.meanFdp(),
        tally.allClearFraction());
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.0f%%", 100 * fraction);
  }
}
