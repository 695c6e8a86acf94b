package org.nightbench.benchjobs.indexing;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * What the JVM spent around a measurement: GC and JIT deltas and the heap high-water mark, so an
 * indexing regression can be told apart from a collector or compiler one.
 *
 * @param gcCount collections of all collectors (concurrent cycles count where the JVM reports them)
 * @param gcSeconds their accumulated time
 * @param jitSeconds JIT compiler time, NaN where the JVM does not report it
 * @param peakHeapMB sum of the heap pools' peaks; pools peak at different moments, so this bounds
 *     the true peak from above
 */
public record JvmCosts(long gcCount, double gcSeconds, double jitSeconds, double peakHeapMB) {

  /** A running measurement, started by {@link #start()}. */
  public static final class Meter {
    private final long gcCount0 = totalGcCount();
    private final long gcMillis0 = gcMillis();
    private final long jitMillis0 = jitMillis();

    private Meter() {}

    /** The costs since {@link #start()}. */
    public JvmCosts stop() {
      double jit = jitMillis0 < 0 ? Double.NaN : (jitMillis() - jitMillis0) / 1000.0;
      return new JvmCosts(
          totalGcCount() - gcCount0, (gcMillis() - gcMillis0) / 1000.0, jit, peakHeapBytes() / MB);
    }
  }

  private static final double MB = 1024.0 * 1024;

  /** Resets the heap peaks and snapshots the counters. */
  public static Meter start() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
        pool.resetPeakUsage();
      }
    }
    return new Meter();
  }

  private static long totalGcCount() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  private static long gcMillis() {
    long ms = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ms += Math.max(0, gc.getCollectionTime());
    }
    return ms;
  }

  private static long jitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit == null || !jit.isCompilationTimeMonitoringSupported()
        ? -1
        : jit.getTotalCompilationTime();
  }

  private static long peakHeapBytes() {
    long bytes = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
        bytes += pool.getPeakUsage().getUsed();
      }
    }
    return bytes;
  }
}
