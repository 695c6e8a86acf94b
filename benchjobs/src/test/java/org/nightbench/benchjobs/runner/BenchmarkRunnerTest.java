package org.nightbench.benchjobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.ResultWriter;

class BenchmarkRunnerTest {

  @TempDir Path tmp;

  @Test
  void theRunnerWritesTheResultAndLogsTheCollectorAndCompilerAroundTheMeasurement()
      throws Exception {
    Path out = tmp.resolve("calibration.json");
    ByteArrayOutputStream log = new ByteArrayOutputStream();

    BenchmarkRunner.run(
        new CalibrateSpec(2, 0, 8), out, new PrintStream(log, true, StandardCharsets.UTF_8));

    HarnessResult result = ResultWriter.read(out);
    assertThat(result.command()).isEqualTo("calibrate");
    assertThat(result.environment()).isNotNull();
    assertThat(result.lucene()).as("calibration says it reads no Lucene").isNull();
    assertThat(result.metrics()).extracting(m -> m.name()).contains("score");
    String line = log.toString(StandardCharsets.UTF_8);
    assertThat(line)
        .containsPattern(
            "calibrate: measured in [0-9.]+ s, CPU [0-9.]+ s \\([0-9.]+ s since the JVM"
                + " started\\), [0-9]+ GC \\([0-9]+ ms\\), JIT ");
    // The step's CPU time since the JVM started holds the measurement's, and start-up besides.
    Matcher cpu = Pattern.compile("CPU ([0-9.]+) s \\(([0-9.]+) s since").matcher(line);
    assertThat(cpu.find()).isTrue();
    assertThat(Double.parseDouble(cpu.group(2)))
        .isGreaterThan(0)
        .isGreaterThanOrEqualTo(Double.parseDouble(cpu.group(1)));
  }
}
