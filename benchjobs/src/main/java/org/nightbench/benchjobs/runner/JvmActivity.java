package org.nightbench.benchjobs.runner;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's garbage collections and JIT compilation time at one moment; two of them bracket a
 * measurement, so the run's log says how much of it the collector and the compiler shared.
 */
record JvmActivity(long nanos, long collections, long collectionMillis, long compileMillis) {

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
    return new JvmActivity(System.nanoTime(), collections, collectionMillis, compile);
  }

  /** One log line of what happened between {@code this} and {@code later}. */
  String since(JvmActivity later) {
    return String.format(
        java.util.Locale.ROOT,
        "%.1f s, %d GC (%d ms), JIT %s",
        (later.nanos - nanos) / 1e9,
        later.collections - collections,
        later.collectionMillis - collectionMillis,
        compileMillis < 0 ? "not monitored" : (later.compileMillis - compileMillis) + " ms");
  }
}
