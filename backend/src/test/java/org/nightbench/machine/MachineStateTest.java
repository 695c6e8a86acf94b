package org.nightbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineStateTest {

  @Test
  void readsGovernorTurboKernelLoadAndMemoryFromProcAndSys(@TempDir Path root) throws IOException {
    write(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
    write(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    write(root, "proc/sys/kernel/osrelease", "6.1.0-28-amd64\n");
    write(root, "proc/loadavg", "0.42 0.30 0.25 1/345 6789\n");
    write(root, "proc/meminfo", "MemTotal:       24576000 kB\nMemAvailable:   20480000 kB\n");

    MachineState state = new MachineStateProbe(root).capture("Eclipse Adoptium 25.0.1");

    assertThat(state.governor()).isEqualTo("powersave");
    assertThat(state.turbo()).isEqualTo("off");
    assertThat(state.kernel()).isEqualTo("6.1.0-28-amd64");
    assertThat(state.loadAverage()).isEqualTo(0.42);
    assertThat(state.memTotalMb()).isEqualTo(24000);
    assertThat(state.memAvailableMb()).isEqualTo(20000);
    assertThat(state.jdk()).isEqualTo("Eclipse Adoptium 25.0.1");
  }

  @Test
  void whatTheKernelDoesNotExposeIsUnknownNotGuessed(@TempDir Path root) {
    MachineState state = new MachineStateProbe(root).capture("17");

    assertThat(state.governor()).isEqualTo("unknown");
    assertThat(state.turbo()).isEqualTo("unknown");
    assertThat(state.memAvailableMb()).isEqualTo(-1);
  }

  @Test
  void warnsAboutEachChangeSinceThePreviousRunOfTheSeries() {
    MachineState before = state("performance", "off", "6.1.0", 0.1, 20_000, "Temurin 25.0.1");
    MachineState now = state("powersave", "on", "6.1.0", 0.2, 12_000, "Temurin 25.0.2");

    assertThat(now.warnings(before))
        .containsExactly(
            "CPU governor changed from performance to powersave",
            "turbo changed from off to on",
            "JDK changed from Temurin 25.0.1 to Temurin 25.0.2",
            "available memory changed from 20000 MB to 12000 MB");
    assertThat(before.warnings(before)).isEmpty();
  }

  @Test
  void aBusyBoxIsWorthAWarningEvenWithoutAPreviousRun() {
    assertThat(state("performance", "off", "6.1.0", 1.7, 20_000, "17").warnings(null))
        .isEqualTo(List.of("the box was busy before the run: load average 1.70 on 2 cores"));
  }

  private static MachineState state(
      String governor, String turbo, String kernel, double load, long freeMb, String jdk) {
    return new MachineState(governor, turbo, kernel, load, 2, freeMb, 24_000, jdk);
  }

  private static void write(Path root, String relative, String content) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
