package org.nightbench.benchjobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
    assertThat(log.toString(StandardCharsets.UTF_8))
        .containsPattern("calibrate: measured in [0-9.]+ s, [0-9]+ GC \\([0-9]+ ms\\), JIT ");
  }
}
