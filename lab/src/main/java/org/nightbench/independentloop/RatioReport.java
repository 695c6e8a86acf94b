package org.nightbench.independentloop;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Prints what {@code scripts/ratio-check.sh} measured: per family the harness's and the independent
 * loop's candidate/baseline QPS ratios, each with the spread of the JVM pairs' ratios, the
 * difference harness − loop with its spread and its 90 % interval from resampling the pairs, and
 * whether it is within the limit; then each side's QPS and JVM spread, how every JVM warmed up, and
 * whether harness and loop counted the same hits. Exits 1 when a family misses the limit.
 *
 * <p>usage: {@code RatioReport WORK BASELINE CANDIDATE LIMIT FAMILY...}
 */
public final class RatioReport {

  private RatioReport() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 5) {
      System.err.println("usage: RatioReport WORK BASELINE CANDIDATE LIMIT FAMILY...");
      System.exit(2);
    }
    PairedRuns runs = PairedRuns.load(Path.of(args[0]), args[1], args[2]);
    double limit = Double.parseDouble(args[3]);
    List<String> families = Arrays.asList(args).subList(4, args.length);
    boolean all = print(runs, args[1], args[2], families, limit, System.out);
    System.exit(all ? 0 : 1);
  }

  /** Prints the report; true when every family agrees within {@code limit}. */
  static boolean print(
      PairedRuns runs,
      String baseline,
      String candidate,
      List<String> families,
      double limit,
      PrintStream out) {
    out.printf(
        Locale.ROOT, "%d JVM pairs a side; ratios %s/%s%n", runs.pairs(), candidate, baseline);
    out.println("harness warm-up ends: " + warmups(runs));
    out.println("loop warm-ups: " + loopWarmups(runs));
    out.printf(
        Locale.ROOT,
        "%n%-12s %-22s %-22s %-24s %-18s %s%n",
        "family",
        "harness (pairs)",
        "loop (pairs)",
        "harness-loop (pairs)",
        "90 % (resampled)",
        "within ±" + limit);
    List<FamilyAgreement> rows = runs.agreements(families, limit);
    int within = 0;
    for (FamilyAgreement a : rows) {
      double[] d = a.pairDifferences();
      double[] interval = a.interval();
      out.printf(
          Locale.ROOT,
          "%-12s %5.3f (%5.3f…%5.3f)    %5.3f (%5.3f…%5.3f)    %+6.3f (%+6.3f…%+6.3f)  %+6.3f…%+6.3f    %s%n",
          a.family(),
          a.harness().ratio(),
          a.harness().min(),
          a.harness().max(),
          a.loop().ratio(),
          a.loop().min(),
          a.loop().max(),
          a.difference(),
          Arrays.stream(d).min().orElseThrow(),
          Arrays.stream(d).max().orElseThrow(),
          interval[0],
          interval[1],
          a.within() ? "yes" : "NO");
      within += a.within() ? 1 : 0;
    }
    out.printf(
        Locale.ROOT,
        "%n%-12s %-18s %-18s %-18s %-18s%n",
        "QPS median",
        "harness " + baseline,
        "harness " + candidate,
        "loop " + baseline,
        "loop " + candidate);
    for (String f : families) {
      out.printf(
          Locale.ROOT,
          "%-12s %-18s %-18s %-18s %-18s%n",
          f,
          qps(PairedRuns.qps(runs.harnessBaseline(), HarnessFile::qpsByFamily, f)),
          qps(PairedRuns.qps(runs.harnessCandidate(), HarnessFile::qpsByFamily, f)),
          qps(PairedRuns.qps(runs.loopBaseline(), LoopFile::qpsByFamily, f)),
          qps(PairedRuns.qps(runs.loopCandidate(), LoopFile::qpsByFamily, f)));
    }
    List<String> mismatches = runs.hitMismatches(families);
    out.println(
        mismatches.isEmpty()
            ? "\nhits: harness and loop counted the same hits for every query"
            : "\nhits DIFFER between harness and loop: " + String.join(", ", mismatches));
    out.printf(Locale.ROOT, "%d of %d families agree within ±%s%n", within, rows.size(), limit);
    return within == rows.size() && mismatches.isEmpty();
  }

  private static String qps(double[] v) {
    return String.format(
        Locale.ROOT, "%.0f (CV %.1f%%)", PairedRatio.median(v), PairedRatio.cvPercent(v));
  }

  private static String warmups(PairedRuns runs) {
    return "baseline "
        + runs.harnessBaseline().stream()
            .map(HarnessFile::warmupEnd)
            .collect(Collectors.joining(" "))
        + ", candidate "
        + runs.harnessCandidate().stream()
            .map(HarnessFile::warmupEnd)
            .collect(Collectors.joining(" "));
  }

  private static String loopWarmups(PairedRuns runs) {
    return "baseline "
        + runs.loopBaseline().stream().map(RatioReport::loopWarmup).collect(Collectors.joining(" "))
        + ", candidate "
        + runs.loopCandidate().stream()
            .map(RatioReport::loopWarmup)
            .collect(Collectors.joining(" "));
  }

  /** e.g. {@code 1400r/6.1s/jit3ms}, with {@code !} when the cap came before convergence. */
  private static String loopWarmup(LoopFile f) {
    return f.header().get("warmupRounds")
        + "r/"
        + f.header().get("warmupSec")
        + "s/jit"
        + f.header().get("jitMsMeasured")
        + "ms"
        + ("true".equals(f.header().get("converged")) ? "" : "!");
  }
}
