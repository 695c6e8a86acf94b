package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.lucene.search.IndexSearcher;

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
 * @param warmupRounds how many of {@code roundNanos} were warm-up
 * @param warmupNanos wall time spent warming up
 * @param warmupCpuNanos the search thread's CPU time while warming up; -1 without one
 * @param warmupEnd why warm-up ended
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
    int warmupRounds,
    long warmupNanos,
    long warmupCpuNanos,
    WarmupGate.End warmupEnd,
    long checksum) {

  /** JIT compilation time during the warm-up rounds; -1 where the JVM does not report it. */
  public long warmupCompileMillis() {
    return compileMillis.isEmpty() ? -1 : compileMillis.get(warmupRounds) - compileMillis.get(0);
  }

  /** CPU time outside the search thread during the measured rounds; -1 where not reported. */
  public long measuredBackgroundCpuNanos() {
    return backgroundCpuNanos.isEmpty()
        ? -1
        : backgroundCpuNanos.get(backgroundCpuNanos.size() - 1)
            - backgroundCpuNanos.get(warmupRounds);
  }

  /**
   * JIT compilation time during the measured rounds; -1 where the JVM does not report it. Near 0
   * when warm-up did its job.
   */
  public long measuredCompileMillis() {
    return compileMillis.isEmpty()
        ? -1
        : compileMillis.get(compileMillis.size() - 1) - compileMillis.get(warmupRounds);
  }

  /** Warms up per {@code settings}, then times {@code settings.measuredRounds()} rounds. */
  public static Rounds run(
      IndexSearcher searcher,
      List<? extends CompiledTask> tasks,
      SearchSettings settings,
      PrintStream progress)
      throws IOException {
    Loop loop = new Loop(searcher, tasks.toArray(CompiledTask[]::new), settings.seed());
    WarmupGate gate = new WarmupGate(settings);
    // Convergence is judged on CPU time when there is one: JIT progress shows there, a
    // neighbour's burst mostly does not.
    List<Long> judged = loop.cpu == null ? loop.roundNanos : loop.roundCpuNanos;
    WarmupGate.Observed seen =
        new WarmupGate.Observed(
            judged, loop.cpu != null, loop.roundNanos, loop.compileMillis, loop.backgroundCpuNanos);
    long warmupStart = System.nanoTime();
    loop.recordJitActivity();
    while (!gate.done(seen, System.nanoTime() - warmupStart)) {
      loop.round();
    }
    long warmupNanos = System.nanoTime() - warmupStart;
    int warmupRounds = loop.roundNanos.size();
    WarmupGate.End end = gate.end(seen);
    long warmupCpuNanos = seen.cpuNanos();
    progress.printf(
        Locale.ROOT,
        "search: warm-up %d rounds in %.1f s, %.1f s CPU (%s)%n",
        warmupRounds,
        warmupNanos / 1e9,
        warmupCpuNanos / 1e9,
        WarmupGate.describe(end));

    int n = loop.task.length;
    int measured = settings.measuredRounds();
    long[][] samples = new long[n][measured];
    long[][] cpuSamples = loop.cpu == null ? null : new long[n][measured];
    int[][] positions = new int[n][measured];
    for (int r = 0; r < measured; r++) {
      loop.round();
      for (int i = 0; i < n; i++) {
        samples[i][r] = loop.nanos[i];
        if (cpuSamples != null) {
          cpuSamples[i][r] = loop.cpuNanos[i];
        }
      }
      // Bookkeeping after the round, outside its timed loop.
      for (int p = 0; p < n; p++) {
        positions[loop.order[p]][r] = p;
      }
    }
    return new Rounds(
        samples,
        cpuSamples,
        positions,
        loop.roundNanos,
        loop.roundCpuNanos,
        loop.compileMillis,
        loop.backgroundCpuNanos,
        warmupRounds,
        warmupNanos,
        warmupCpuNanos,
        end,
        loop.checksum);
  }

  /** The timed loop and its scratch state, kept apart so the hot path stays small. */
  private static final class Loop {
    final IndexSearcher searcher;
    final CompiledTask[] task;
    final int[] order;
    final Random random;
    final ThreadMXBean cpu;
    final CompilationMXBean jit;
    final long[] nanos;
    final long[] cpuNanos;
    final List<Long> roundNanos = new ArrayList<>();
    final List<Long> roundCpuNanos = new ArrayList<>();
    final List<Long> compileMillis = new ArrayList<>();
    final List<Long> backgroundCpuNanos = new ArrayList<>();
    final com.sun.management.OperatingSystemMXBean process;
    long checksum;

    Loop(IndexSearcher searcher, CompiledTask[] task, long seed) {
      this.searcher = searcher;
      this.task = task;
      this.order = new int[task.length];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      this.random = new Random(seed);
      ThreadMXBean bean = ManagementFactory.getThreadMXBean();
      this.cpu = bean.isCurrentThreadCpuTimeSupported() ? bean : null;
      if (cpu != null && !cpu.isThreadCpuTimeEnabled()) {
        cpu.setThreadCpuTimeEnabled(true);
      }
      CompilationMXBean compilation = ManagementFactory.getCompilationMXBean();
      this.jit =
          compilation != null && compilation.isCompilationTimeMonitoringSupported()
              ? compilation
              : null;
      this.process =
          cpu != null
                  && ManagementFactory.getOperatingSystemMXBean()
                      instanceof com.sun.management.OperatingSystemMXBean os
                  && os.getProcessCpuTime() >= 0
              ? os
              : null;
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
      roundNanos.add(System.nanoTime() - roundStart);
      if (cpu != null) {
        roundCpuNanos.add(roundCpu);
      }
      recordJitActivity();
    }

    /**
     * The JIT's compilation time and the CPU outside the search thread, read between rounds so the
     * timed loop carries no extra cost.
     */
    void recordJitActivity() {
      if (jit != null) {
        compileMillis.add(jit.getTotalCompilationTime());
      }
      if (process != null) {
        backgroundCpuNanos.add(process.getProcessCpuTime() - cpu.getCurrentThreadCpuTime());
      }
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
