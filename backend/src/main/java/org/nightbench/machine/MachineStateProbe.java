package org.nightbench.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Reads the box's state from Linux's /proc and /sys; other systems report {@code unknown}. */
@Component
public class MachineStateProbe {

  private final Path root;

  public MachineStateProbe() {
    this(Path.of("/"));
  }

  /** A probe of a fake file tree, for tests. */
  MachineStateProbe(Path root) {
    this.root = root;
  }

  public MachineState capture(String jdk) {
    return new MachineState(
        read("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").orElse("unknown"),
        turbo(),
        read("proc/sys/kernel/osrelease").orElse(System.getProperty("os.version")),
        read("proc/loadavg").map(MachineStateProbe::firstNumber).orElse(-1.0),
        Runtime.getRuntime().availableProcessors(),
        memInfoMb("MemAvailable:"),
        memInfoMb("MemTotal:"),
        jdk);
  }

  private String turbo() {
    // intel_pstate says whether turbo is forbidden; acpi-cpufreq (and AMD) whether boost is
    // allowed.
    Optional<String> noTurbo = read("sys/devices/system/cpu/intel_pstate/no_turbo");
    if (noTurbo.isPresent()) {
      return noTurbo.get().equals("0") ? "on" : "off";
    }
    return read("sys/devices/system/cpu/cpufreq/boost")
        .map(boost -> boost.equals("1") ? "on" : "off")
        .orElse("unknown");
  }

  private long memInfoMb(String key) {
    try {
      List<String> lines =
          Files.readAllLines(root.resolve("proc/meminfo"), StandardCharsets.US_ASCII);
      for (String line : lines) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.substring(key.length()).replace("kB", "").strip()) / 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or an unexpected format: report nothing rather than fail the run.
    }
    return -1;
  }

  private Optional<String> read(String relative) {
    try {
      return Optional.of(
              Files.readString(root.resolve(relative), StandardCharsets.US_ASCII).strip())
          .filter(s -> !s.isEmpty());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static double firstNumber(String loadavg) {
    return Double.parseDouble(loadavg.split("\\s+")[0]);
  }
}
