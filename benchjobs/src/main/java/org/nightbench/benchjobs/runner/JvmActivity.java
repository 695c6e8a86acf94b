package org.nightbench.benchjobs.runner;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's garbage collections, JIT compilation time and CPU time at one moment; two of them
 * bracket a measurement, so the run's log says how much of it the collector and the compiler shared
 * and how much CPU the step cost, a figure a busy machine stretches far less than wall time.
 *
 * @param nanos {@link System#nanoTime()}
 * @param collections garbage collections so far
 * @param collectionMillis their time
 * @param compileMillis the JIT's total compilation time; -1 where not monitored
 * @param cpuNanos the process's CPU time since the JVM started, all threads; -1 where not reported
 */
record JvmActivity(
    long nanos, long collections, long collectionMillis, long compileMillis, long cpuNanos) {

  static JvmActivity now() {
    long collections = 0;
    long collectionMillis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      collections += Math.max(0, gc.getCollectionCount());
      collectionMillis += Math.max(0, gc.getCollectionTime());
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    long compile =
        jit != null && jit.isCompilationTimeMonitoringSupported()
            ? jit.getTotalCompilationTime()
            : -1;
    long cpu =
        ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os
            ? os.getProcessCpuTime()
            : -1;
    return new JvmActivity(System.nanoTime(), collections, collectionMillis, compile, cpu);
  }

  /**
   * One log line of what happened between {@code this} and {@code later}: wall time, the CPU time
   * of all the JVM's threads in between and since the JVM started (start-up, reading the spec and
   * opening the inputs included), collections and compilation.
   */
  String since(JvmActivity later) {
    return String.format(
        java.util.Locale.ROOT,
        "%.1f s, %s, %d GC (%d ms), JIT %s",
        (later.nanos - nanos) / 1e9,
        cpuNanos < 0 || later.cpuNanos < 0
            ? "CPU not reported"
            : String.format(
                java.util.Locale.ROOT,
                "CPU %.1f s (%.1f s since the JVM started)",
                (later.cpuNanos - cpuNanos) / 1e9,
                later.cpuNanos / 1e9),
        later.collections - collections,
        later.collectionMillis - collectionMillis,
        compileMillis < 0 ? "not monitored" : (later.compileMillis - compileMillis) + " ms");
  }
}
