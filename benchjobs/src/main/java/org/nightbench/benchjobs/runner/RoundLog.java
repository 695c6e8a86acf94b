package org.nightbench.benchjobs.runner;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the rounds of one benchmark took, round by round, and what the JVM did meanwhile: each
 * round's wall time and its measuring thread's CPU time, and between rounds the JIT's total
 * compilation time and the process's CPU time outside that thread (the JIT's and GC's threads). The
 * {@link WarmupGate} judges warm-up on it; read between rounds, so no timed loop carries it. One
 * thread's: the thread that runs the rounds.
 */
public final class RoundLog {

  private final ThreadMXBean cpu;
  private final CompilationMXBean jit;
  private final com.sun.management.OperatingSystemMXBean process;
  private final List<Long> roundNanos = new ArrayList<>();
  private final List<Long> roundCpuNanos = new ArrayList<>();
  private final List<Long> compileMillis = new ArrayList<>();
  private final List<Long> backgroundCpuNanos = new ArrayList<>();

  private RoundLog() {
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
  }

  /** A log of no rounds yet, with the JVM's activity before the first. */
  public static RoundLog start() {
    RoundLog log = new RoundLog();
    log.recordJvmActivity();
    return log;
  }

  /** The calling thread's CPU time bean; null where the JVM cannot tell a thread's CPU time. */
  public ThreadMXBean threadCpu() {
    return cpu;
  }

  /**
   * Records one round that took {@code wallNanos} and {@code cpuNanos} of the thread's CPU time
   * (ignored without {@link #threadCpu()}), then the JVM's activity up to now.
   */
  public void add(long wallNanos, long cpuNanos) {
    roundNanos.add(wallNanos);
    if (cpu != null) {
      roundCpuNanos.add(cpuNanos);
    }
    recordJvmActivity();
  }

  private void recordJvmActivity() {
    if (jit != null) {
      compileMillis.add(jit.getTotalCompilationTime());
    }
    if (process != null) {
      backgroundCpuNanos.add(process.getProcessCpuTime() - cpu.getCurrentThreadCpuTime());
    }
  }

  public int rounds() {
    return roundNanos.size();
  }

  /** Whether the JIT finished a compilation during the latest round (false where not reported). */
  boolean compiledDuringLastRound() {
    int n = compileMillis.size();
    return n >= 2 && compileMillis.get(n - 1) - compileMillis.get(n - 2) != 0;
  }

  /** What the warm-up gate judges: CPU times where there are some, else wall times. */
  public WarmupGate.Observed observed() {
    return new WarmupGate.Observed(
        cpu == null ? roundNanos : roundCpuNanos,
        cpu != null,
        roundNanos,
        compileMillis,
        backgroundCpuNanos);
  }

  /** Wall time of every round, warm-up first. */
  public List<Long> roundNanos() {
    return Collections.unmodifiableList(roundNanos);
  }

  /** The thread's CPU time of every round; empty without one. */
  public List<Long> roundCpuNanos() {
    return Collections.unmodifiableList(roundCpuNanos);
  }

  /** The JIT's total compilation time before the first round and after each; empty if unknown. */
  public List<Long> compileMillis() {
    return Collections.unmodifiableList(compileMillis);
  }

  /** CPU time outside the thread before the first round and after each; empty if unknown. */
  public List<Long> backgroundCpuNanos() {
    return Collections.unmodifiableList(backgroundCpuNanos);
  }
}
