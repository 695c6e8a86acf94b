package org.nightbench.harness;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * The processors and physical memory of a machine, which bound the thread counts and sizes a
 * benchmark JVM may be given ({@link JvmFlags}).
 *
 * @param processors the processors this JVM may use (its container's share, as Java sees it)
 * @param memoryBytes the machine's (or container's) physical memory
 */
public record MachineLimits(int processors, long memoryBytes) {

  public MachineLimits {
    if (processors < 1 || memoryBytes < 1) {
      throw new IllegalArgumentException(
          "a machine has at least one processor and some memory: "
              + processors
              + ", "
              + memoryBytes);
    }
  }

  /**
   * This process's machine: where flags are typed in (the web app) and again where the JVM is
   * forked (the worker), which may be a different machine with its own limits.
   */
  public static MachineLimits ofThisMachine() {
    long memory =
        ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
            ? os.getTotalMemorySize()
            : Runtime.getRuntime().maxMemory();
    return new MachineLimits(Runtime.getRuntime().availableProcessors(), Math.max(1, memory));
  }
}
