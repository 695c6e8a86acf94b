package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.ResultWriter;
import org.nightbench.protocol.spec.HandRun;
import org.nightbench.protocol.spec.SpecFile;

/** Spec files: what is written is what is read, and a hand-typed line makes the same record. */
class SpecFileTest {

  @TempDir Path tmp;

  @Test
  void everyStepTypeSurvivesItsFile() throws Exception {
    List<StepSpec> specs =
        List.of(
            HandRun.parse(
                    "index",
                    "--corpus",
                    "c.gz",
                    "--index-dir",
                    "idx",
                    "--deterministic",
                    "--max-buffered-docs",
                    "1000",
                    "--out",
                    "o.json")
                .spec(),
            HandRun.parse(
                    "knn",
                    "--doc-vectors",
                    "d.vec",
                    "--query-vectors",
                    "q.vec",
                    "--dimension",
                    "384",
                    "--vector-formats",
                    "hnsw,bq",
                    "--fanouts",
                    "0,40",
                    "--force-merge",
                    "--work-dir",
                    "w",
                    "--out",
                    "o.json")
                .spec(),
            HandRun.parse("calibrate", "--rounds", "3", "--out", "o.json").spec(),
            HandRun.parse(
                    "load",
                    "--index-dir",
                    "i",
                    "--tasks",
                    "t.txt",
                    "--categories",
                    "A,B",
                    "--out",
                    "o.json")
                .spec());
    for (StepSpec spec : specs) {
      Path file = tmp.resolve(spec.type() + ".json");
      SpecFile.write(file, spec);
      assertThat(SpecFile.read(file)).as(spec.type()).isEqualTo(spec);
    }
    for (StepSpec spec : specs) {
      // What the run log shows is the command line that runs the same step.
      HandRun again = HandRun.parse(HandRun.args(spec, Path.of("o.json")).toArray(String[]::new));
      assertThat(again.spec()).as(spec.type()).isEqualTo(spec);
      assertThat(again.out()).isEqualTo(Path.of("o.json"));
    }
    IndexSpec index = (IndexSpec) specs.get(0);
    assertThat(index.deterministic()).isTrue();
    assertThat(index.indexDir()).isEqualTo(Path.of("idx"));
    assertThat(((KnnSpec) specs.get(1)).fanouts()).containsExactly(0, 40);
    assertThat(SpecFile.toJson(specs.get(0)).get("type").asText()).isEqualTo("index");
  }

  @Test
  void theForkedHarnessRunsASpecFile() throws Exception {
    Path spec = tmp.resolve("calibrate.spec.json");
    Path out = tmp.resolve("calibrate.json");
    SpecFile.write(spec, new CalibrateSpec(2, 1, 8));

    assertThat(Harness.run(System.err, spec.toString(), out.toString())).isZero();

    HarnessResult result = ResultWriter.read(out);
    assertThat(result.command()).isEqualTo("calibrate");
    assertThat(result.metrics()).extracting(m -> m.name()).contains("score");
  }

  @Test
  void settingsLeftOutTakeTheOneDefault() {
    LoadSpec load =
        (LoadSpec) HandRun.parse("load", "--index-dir", "i", "--tasks", "t", "--out", "o").spec();
    // The backend's values, which every stored load series was measured with.
    assertThat(load.startQps()).isEqualTo(50);
    assertThat(load.stepSeconds()).isEqualTo(10);
    assertThat(load.p99LimitMs()).isEqualTo(100);
    assertThat(load.categories()).isNull();
  }

  @Test
  void badInputIsOneLineNamingTheSetting() {
    assertThatThrownBy(() -> HandRun.parse("search", "--index-dir", "i", "--out", "o"))
        .hasMessage("missing required setting tasks (--tasks)");
    assertThatThrownBy(() -> HandRun.parse("calibrate", "--rounds", "many", "--out", "o"))
        .hasMessageStartingWith("invalid value for rounds (--rounds)");
    assertThatThrownBy(() -> HandRun.parse("calibrate", "--laps", "3", "--out", "o"))
        .hasMessage("Unknown option: '--laps'");
  }
}
