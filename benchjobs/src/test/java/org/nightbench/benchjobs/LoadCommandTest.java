package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/** The load sweep on a small europarl index, on both Directories, with tiny steps. */
class LoadCommandTest {

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path index;
  private static Path tasks;

  @BeforeAll
  static void indexAndTasks() throws IOException {
    Path corpus = Europarl.copyTo(shared);
    index = shared.resolve("index");
    IndexingBenchmark.run(
        new IndexSpec(
            corpus,
            index,
            (long) 2000,
            16.0,
            1,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        Europarl.quiet());
    tasks = shared.resolve("tasks.txt");
    Europarl.Cli generated =
        cli(
            "generate-tasks",
            "--index-dir",
            index.toString(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "3",
            "--per-category",
            "2",
            "--out",
            tasks.toString());
    assertThat(generated.code()).as(generated.err()).isZero();
  }

  private String[] args(Path out, String directory, String... extra) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "load",
                "--index-dir",
                index.toString(),
                "--tasks",
                tasks.toString(),
                "--directory",
                directory,
                "--threads",
                "2",
                "--start-qps",
                "20",
                "--step-factor",
                "3",
                "--max-steps",
                "3",
                "--step-seconds",
                "0.4",
                "--warmup-seconds",
                "0.1",
                "--p99-limit-ms",
                "1000",
                "--seed",
                "7",
                "--out",
                out.toString()));
    // An extra option replaces the default above: picocli refuses an option given twice.
    for (int i = 0; i + 1 < extra.length; i += 2) {
      int at = a.indexOf(extra[i]);
      if (at >= 0) {
        a.set(at + 1, extra[i + 1]);
      } else {
        a.addAll(List.of(extra[i], extra[i + 1]));
      }
    }
    return a.toArray(String[]::new);
  }

  @Test
  void bothDirectoriesGiveCapacityAndOneCurveRowPerStep() throws IOException {
    for (String directory : List.of("mmap", "bytebuffers")) {
      Path out = tmp.resolve(directory + ".json");
      Europarl.Cli run = cli(args(out, directory, "--categories", "HighTerm,AndHighMed"));
      assertThat(run.code()).as(run.err()).isZero();

      HarnessResult result = ResultWriter.read(out);
      assertThat(result.metrics())
          .extracting(m -> m.benchmark() + "/" + m.task() + "/" + m.name())
          .containsExactly(
              "load/" + directory + "/capacityQps",
              "load/" + directory + "/p50Ms",
              "load/" + directory + "/p99Ms",
              "load/" + directory + "/p999Ms",
              "load/" + directory + "/gcPauseMs");
      Metric capacity = result.metrics().get(0);
      // A 2,000-doc index serves 180 q/s far within a second's p99.
      assertThat(capacity.value()).isEqualTo(180.0);
      assertThat((List<?>) capacity.detail().get("steps"))
          .hasSize(3)
          .allSatisfy(step -> assertThat(((Map<?, ?>) step).get("errors")).isEqualTo(0));
      Curve curve = result.curves().get(0);
      assertThat(curve.name()).isEqualTo("latencyVsLoad");
      assertThat(curve.task()).isEqualTo(directory);
      assertThat(curve.labels()).startsWith("p50 ms", "p90 ms", "p99 ms");
      assertThat(curve.rows()).extracting(row -> row.get(0)).containsExactly(20.0, 60.0, 180.0);
      assertThat(curve.rows())
          .allSatisfy(row -> assertThat(row.get(1)).isLessThanOrEqualTo(row.get(3)));
    }
  }

  @Test
  void aLimitNoStepMeetsGivesZeroCapacityAndANote() throws IOException {
    Path out = tmp.resolve("tight.json");
    Europarl.Cli run = cli(args(out, "mmap", "--p99-limit-ms", "0.000001", "--max-steps", "1"));
    assertThat(run.code()).as(run.err()).isZero();

    HarnessResult result = ResultWriter.read(out);
    assertThat(result.metrics().get(0).value()).isZero();
    assertThat(result.notes()).singleElement().asString().contains("capacity is reported as 0");
    assertThat(result.metrics().get(0).detail()).containsKey("steps");
  }

  @Test
  void badSettingsAreOneLineErrors() {
    Path out = tmp.resolve("bad.json");
    cli(args(out, "mmap", "--categories", "NoSuchCategory"))
        .assertError("ERROR: no tasks of categories NoSuchCategory in " + tasks);
    cli(args(out, "heap")).assertError("ERROR: unknown directory heap: use mmap or bytebuffers");
    cli(args(out, "mmap", "--threads", "0")).assertError("ERROR: --threads must be > 0, not 0");
    cli(args(out, "mmap", "--start-qps", "-5"))
        .assertError("ERROR: --start-qps must be > 0, not -5");
    cli(args(out, "mmap", "--step-factor", "1"))
        .assertError("ERROR: --step-factor must be > 1, not 1.0");
  }
}
