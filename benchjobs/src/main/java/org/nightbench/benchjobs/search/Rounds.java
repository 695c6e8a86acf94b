package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.lucene.search.IndexSearcher;

/**
 * Runs tasks in rounds, each task once per round in a fresh seeded order (as luceneutil shuffles,
 * so JIT warm-up favours no category), timing every execution on its own.
 *
 * @param samples nanoseconds of each measured execution, {@code [task][measured round]}
 * @param roundNanos wall time of every round, warm-up first
 * @param warmupRounds how many of {@code roundNanos} were warm-up
 * @param warmupNanos wall time spent warming up
 * @param converged whether warm-up ended by convergence rather than by its cap or minimum
 * @param checksum folds in every result so the searches cannot be optimised away
 */
public record Rounds(
    long[][] samples,
    List<Long> roundNanos,
    int warmupRounds,
    long warmupNanos,
    boolean converged,
    long checksum) {

  /** Warms up per {@code settings}, then times {@code settings.measuredRounds()} rounds. */
  public static Rounds run(
      IndexSearcher searcher,
      List<? extends CompiledTask> tasks,
      SearchSettings settings,
      PrintStream progress)
      throws IOException {
    int n = tasks.size();
    CompiledTask[] task = tasks.toArray(CompiledTask[]::new);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Random random = new Random(settings.seed());
    WarmupGate gate = new WarmupGate(settings);
    List<Long> roundNanos = new ArrayList<>();
    long[] scratch = new long[n];
    long checksum = 0;
    long warmupStart = System.nanoTime();
    while (!gate.done(roundNanos, System.nanoTime() - warmupStart)) {
      long t0 = System.nanoTime();
      checksum += round(searcher, task, order, random, scratch);
      roundNanos.add(System.nanoTime() - t0);
    }
    long warmupNanos = System.nanoTime() - warmupStart;
    int warmupRounds = roundNanos.size();
    boolean converged = gate.adaptive() && gate.converged(roundNanos);
    progress.printf(
        Locale.ROOT,
        "search: warm-up %d rounds in %.1f s (%s)%n",
        warmupRounds,
        warmupNanos / 1e9,
        !gate.adaptive() ? "fixed" : converged ? "converged" : "not converged, capped");

    long[][] samples = new long[n][settings.measuredRounds()];
    for (int r = 0; r < settings.measuredRounds(); r++) {
      long t0 = System.nanoTime();
      checksum += round(searcher, task, order, random, scratch);
      roundNanos.add(System.nanoTime() - t0);
      for (int i = 0; i < n; i++) {
        samples[i][r] = scratch[i];
      }
    }
    return new Rounds(samples, roundNanos, warmupRounds, warmupNanos, converged, checksum);
  }

  private static long round(
      IndexSearcher searcher, CompiledTask[] task, int[] order, Random random, long[] nanos)
      throws IOException {
    shuffle(order, random);
    long checksum = 0;
    for (int i : order) {
      long t0 = System.nanoTime();
      checksum += task[i].run(searcher);
      nanos[i] = System.nanoTime() - t0;
    }
    return checksum;
  }

  /** Fisher-Yates on ints, so the timed loop unboxes nothing. */
  private static void shuffle(int[] a, Random random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
