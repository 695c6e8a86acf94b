package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

class CalibrateCommandTest {

  @TempDir Path tmp;

  @Test
  void writesAScoreAndNoLucene() throws Exception {
    Path out = tmp.resolve("calibration.json");

    Europarl.Cli run =
        cli(
            "calibrate",
            "--rounds",
            "3",
            "--warmup-rounds",
            "1",
            "--memory-mb",
            "8",
            "--out",
            out.toString());

    assertThat(run.code()).as(run.err()).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(result.command()).isEqualTo("calibrate");
    assertThat(result.lucene()).as("calibration must not depend on Lucene").isNull();
    assertThat(result.metrics())
        .extracting(m -> m.benchmark() + "/" + m.task() + "/" + m.name())
        .containsExactly(
            "calibration/machine/score",
            "calibration/machine/cpuScore",
            "calibration/machine/memoryScore",
            "calibration/machine/roundCv");
    Metric score = result.metrics().get(0);
    assertThat(score.value()).isPositive();
    assertThat(score.higherIsBetter()).isTrue();
    assertThat((java.util.List<?>) score.detail().get("perRound")).hasSize(3);
  }

  @Test
  void moreMemoryThanTheHeapIsOneClearError() {
    long maxMb = Runtime.getRuntime().maxMemory() / (1024 * 1024);
    cli(
            "calibrate",
            "--memory-mb",
            Long.toString(maxMb * 4),
            "--out",
            tmp.resolve("x.json").toString())
        .assertError(
            "ERROR: --memory-mb " + maxMb * 4 + " does not fit in the heap (max " + maxMb + " MB)");
    cli("calibrate", "--rounds", "0", "--out", tmp.resolve("x.json").toString())
        .assertError("ERROR: --rounds must be at least 1, not 0");
  }
}
