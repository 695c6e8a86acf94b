package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Random;
import org.apache.lucene.search.IndexSearcher;
import org.nightbench.benchjobs.runner.RoundLog;
import org.nightbench.benchjobs.runner.RoundRunner;
import org.nightbench.benchjobs.runner.WarmupGate;

/**
 * Runs tasks in rounds, each task once per round in a fresh seeded order (as luceneutil shuffles,
 * so JIT warm-up favours no category), timing every execution on its own: wall time, and the search
 * thread's CPU time, which a busy neighbour on a shared machine barely moves.
 *
 * @param samples wall nanoseconds of each measured execution, {@code [task][measured round]}
 * @param cpuSamples thread CPU nanoseconds of the same executions; null where the JVM cannot tell
 * @param positions where each task ran in each measured round's shuffled order, {@code
 *     [task][measured round]}: the order luceneutil's reduction needs for a query that appears
 *     twice in a category
 * @param roundNanos wall time of every round, warm-up first
 * @param roundCpuNanos thread CPU time of every round's executions; empty without CPU times
 * @param compileMillis the JVM's total JIT compilation time before the first round and after every
 *     round; empty where the JVM does not report it
 * @param backgroundCpuNanos the process's CPU time outside the search thread (JIT and GC threads)
 *     before the first round and after every round; empty where the JVM does not report it
 * @param warmup how many of {@code roundNanos} were warm-up, how long they took and why warm-up
 *     ended
 * @param checksum folds in every result so the searches cannot be optimised away
 */
public record Rounds(
    long[][] samples,
    long[][] cpuSamples,
    int[][] positions,
    List<Long> roundNanos,
    List<Long> roundCpuNanos,
    List<Long> compileMillis,
    List<Long> backgroundCpuNanos,
    RoundRunner.Warmup warmup,
    long checksum) {

  public int warmupRounds() {
    return warmup.rounds();
  }

  public long warmupNanos() {
    return warmup.wallNanos();
  }

  /** The search thread's CPU time while warming up; -1 without one. */
  public long warmupCpuNanos() {
    return warmup.cpuNanos();
  }

  public WarmupGate.End warmupEnd() {
    return warmup.end();
  }

  /** JIT compilation time during the warm-up rounds; -1 where the JVM does not report it. */
  public long warmupCompileMillis() {
    return compileMillis.isEmpty() ? -1 : compileMillis.get(warmupRounds()) - compileMillis.get(0);
  }

  /** CPU time outside the search thread during the measured rounds; -1 where not reported. */
  public long measuredBackgroundCpuNanos() {
    return backgroundCpuNanos.isEmpty()
        ? -1
        : backgroundCpuNanos.get(backgroundCpuNanos.size() - 1)
            - backgroundCpuNanos.get(warmupRounds());
  }

  /**
   * JIT compilation time during the measured rounds; -1 where the JVM does not report it. Near 0
   * when warm-up did its job.
   */
  public long measuredCompileMillis() {
    return compileMillis.isEmpty()
        ? -1
        : compileMillis.get(compileMillis.size() - 1) - compileMillis.get(warmupRounds());
  }

  /**
   * Warms up until {@code gate} says the code is warm, then times {@code gate.measuredRounds()}
   * rounds, all through the runner's one round loop ({@link RoundRunner}).
   */
  public static Rounds run(
      IndexSearcher searcher,
      List<? extends CompiledTask> tasks,
      WarmupGate gate,
      long seed,
      PrintStream progress)
      throws IOException {
    Loop loop = new Loop(searcher, tasks.toArray(CompiledTask[]::new), seed);
    int n = loop.task.length;
    int measured = gate.measuredRounds();
    long[][] samples = new long[n][measured];
    long[][] cpuSamples = loop.cpu == null ? null : new long[n][measured];
    int[][] positions = new int[n][measured];
    RoundRunner.Warmup warmup;
    warmup =
        RoundRunner.run(
            gate,
            loop.log,
            loop::round,
            r -> {
              // Bookkeeping after the round, outside its timed loop.
              for (int i = 0; i < n; i++) {
                samples[i][r] = loop.nanos[i];
                if (cpuSamples != null) {
                  cpuSamples[i][r] = loop.cpuNanos[i];
                }
                positions[loop.order[i]][r] = i;
              }
            },
            "search",
            progress);
    RoundLog log = loop.log;
    return new Rounds(
        samples,
        cpuSamples,
        positions,
        log.roundNanos(),
        log.roundCpuNanos(),
        log.compileMillis(),
        log.backgroundCpuNanos(),
        warmup,
        loop.checksum);
  }

  /** The timed loop and its scratch state, kept apart so the hot path stays small. */
  private static final class Loop {
    final IndexSearcher searcher;
    final CompiledTask[] task;
    final int[] order;
    final Random random;
    final RoundLog log = RoundLog.start();
    final ThreadMXBean cpu = log.threadCpu();
    final long[] nanos;
    final long[] cpuNanos;
    long checksum;

    Loop(IndexSearcher searcher, CompiledTask[] task, long seed) {
      this.searcher = searcher;
      this.task = task;
      this.order = new int[task.length];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      this.random = new Random(seed);
      this.nanos = new long[task.length];
      this.cpuNanos = new long[task.length];
    }

    void round() throws IOException {
      shuffle();
      long roundStart = System.nanoTime();
      long roundCpu = 0;
      for (int i : order) {
        // CPU readings outside the wall readings, so wall times carry no extra cost.
        long c0 = cpu == null ? 0 : cpu.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        checksum += task[i].run(searcher);
        long t1 = System.nanoTime();
        long c1 = cpu == null ? 0 : cpu.getCurrentThreadCpuTime();
        nanos[i] = t1 - t0;
        cpuNanos[i] = c1 - c0;
        roundCpu += c1 - c0;
      }
      log.add(System.nanoTime() - roundStart, roundCpu);
    }

    /** Fisher-Yates on ints, so the timed loop unboxes nothing. */
    private void shuffle() {
      for (int i = order.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
  }
}
