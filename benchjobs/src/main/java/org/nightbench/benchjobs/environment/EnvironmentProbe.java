package org.nightbench.benchjobs.environment;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.nightbench.protocol.result.EnvironmentInfo;

/**
 * Describes the current machine and JVM, preferring Linux /proc files and falling back to the JDK.
 */
public final class EnvironmentProbe {

  private static final Path CPUINFO = Path.of("/proc/cpuinfo");
  private static final Path MEMINFO = Path.of("/proc/meminfo");

  private EnvironmentProbe() {}

  /** Captures the environment; never fails, unknown values become "unknown" or 0. */
  public static EnvironmentInfo capture() {
    return new EnvironmentInfo(
        hostname(),
        cpuModel(),
        Runtime.getRuntime().availableProcessors(),
        memoryBytes(),
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("os.arch"),
        System.getProperty("java.vendor"),
        System.getProperty("java.version"),
        System.getProperty("java.vm.name"),
        List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
  }

  static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | SecurityException e) {
      String env = System.getenv("HOSTNAME");
      return env != null && !env.isBlank() ? env : "unknown";
    }
  }

  static String cpuModel() {
    String model = procValue(CPUINFO, "model name");
    return model != null ? model : System.getProperty("os.arch");
  }

  static long memoryBytes() {
    String total = procValue(MEMINFO, "MemTotal");
    if (total != null) {
      String[] parts = total.trim().split("\\s+");
      try {
        long n = Long.parseLong(parts[0]);
        return parts.length > 1 && parts[1].toLowerCase(Locale.ROOT).equals("kb") ? n * 1024 : n;
      } catch (NumberFormatException e) {
        // fall through to the MXBean
      }
    }
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 0;
  }

  /** Value of the first {@code key : value} line of a /proc file, or null when absent. */
  private static String procValue(Path file, String key) {
    if (!Files.isReadable(file)) {
      return null;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).strip().equals(key)) {
          return line.substring(colon + 1).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return null;
  }
}
