package org.nightbench.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What the box looked like just before a run. Fields the kernel does not expose (a VM often has no
 * cpufreq) are {@code "unknown"}, never guessed.
 *
 * @param governor CPU frequency governor of cpu0, e.g. {@code performance}
 * @param turbo {@code on}, {@code off} or {@code unknown}
 * @param kernel kernel release
 * @param loadAverage one-minute load average
 * @param cores online processors
 * @param memAvailableMb memory available without swapping
 * @param memTotalMb physical memory
 * @param jdk the exact JDK the run used
 */
public record MachineState(
    String governor,
    String turbo,
    String kernel,
    double loadAverage,
    int cores,
    long memAvailableMb,
    long memTotalMb,
    String jdk) {

  /** A load average above this per core means something else was running on the box. */
  public static final double BUSY_LOAD_PER_CORE = 0.5;

  /** Free memory moving by more than this fraction changes page-cache behaviour. */
  static final double MEMORY_CHANGE = 0.2;

  /**
   * One line per difference from {@code previous} that can explain a jump in the numbers, and one
   * if this box was already busy; empty when nothing changed.
   */
  public List<String> warnings(MachineState previous) {
    List<String> warnings = new ArrayList<>();
    if (loadAverage > BUSY_LOAD_PER_CORE * cores) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "the box was busy before the run: load average %.2f on %d cores",
              loadAverage,
              cores));
    }
    if (previous == null) {
      return warnings;
    }
    changed(warnings, "CPU governor", previous.governor, governor);
    changed(warnings, "turbo", previous.turbo, turbo);
    changed(warnings, "kernel", previous.kernel, kernel);
    changed(warnings, "JDK", previous.jdk, jdk);
    if (previous.cores != cores) {
      warnings.add("cores changed from " + previous.cores + " to " + cores);
    }
    if (previous.memAvailableMb > 0
        && Math.abs(memAvailableMb - previous.memAvailableMb)
            > MEMORY_CHANGE * previous.memAvailableMb) {
      warnings.add(
          "available memory changed from "
              + previous.memAvailableMb
              + " MB to "
              + memAvailableMb
              + " MB");
    }
    return warnings;
  }

  private static void changed(List<String> warnings, String what, String before, String now) {
    if (!Objects.equals(before, now)) {
      warnings.add(what + " changed from " + before + " to " + now);
    }
  }
}
