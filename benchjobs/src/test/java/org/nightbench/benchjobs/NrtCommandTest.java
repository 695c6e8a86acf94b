package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.benchjobs.Europarl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.IndexingBenchmark;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/** NRT reopens on a small europarl index, every variant for a second and a half. */
class NrtCommandTest {

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;
  private static Path index;
  private static Path tasks;

  @BeforeAll
  static void indexAndTasks() throws IOException {
    corpus = Europarl.copyTo(shared);
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

  private String[] args(Path out, String variant, String... extra) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "nrt",
                "--variant",
                variant,
                "--index-dir",
                index.toString(),
                "--work-dir",
                tmp.resolve("work-" + variant).toString(),
                "--corpus",
                corpus.toString(),
                "--tasks",
                tasks.toString(),
                "--update-rate",
                "200",
                "--reopen-interval-ms",
                "100",
                "--search-threads",
                "1",
                "--duration-seconds",
                "1.5",
                "--warmup-seconds",
                "0.2",
                "--merge-mb-per-sec",
                "5",
                "--ram-buffer-mb",
                "16",
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
  void everyVariantTimesItsReopensAndLeavesTheIndexAsItWas() throws Exception {
    Map<String, String> before = checksums(index);
    for (String variant : List.of("plain", "merging", "throttled")) {
      Path out = tmp.resolve(variant + ".json");
      Europarl.Cli run = cli(args(out, variant, "--max-full-flush-merge-wait-ms", "0"));
      assertThat(run.code()).as(run.err()).isZero();

      HarnessResult result = ResultWriter.read(out);
      assertThat(result.metrics())
          .extracting(m -> m.benchmark() + "/" + m.task() + "/" + m.name())
          .containsExactly(
              "nrt/" + variant + "/reopenMeanMs",
              "nrt/" + variant + "/reopenP50Ms",
              "nrt/" + variant + "/reopenP90Ms",
              "nrt/" + variant + "/reopenP99Ms",
              "nrt/" + variant + "/reopenMaxMs",
              "nrt/" + variant + "/reopens",
              "nrt/" + variant + "/updatesPerSec",
              "nrt/" + variant + "/searchQps");
      Metric mean = result.metrics().get(0);
      assertThat(mean.detail()).containsEntry("maxFullFlushMergeWaitMs", 0);
      Metric reopens = result.metrics().get(5);
      assertThat(reopens.value()).isGreaterThan(3);
      assertThat(result.metrics().get(3).value())
          .isGreaterThanOrEqualTo(result.metrics().get(1).value());
      assertThat(result.metrics().get(6).value()).as("updates/s").isPositive();
      assertThat(result.curves())
          .extracting(Curve::name)
          .containsExactly("reopenLatency", "searchQps");
      assertThat(result.curves().get(0).rows()).hasSize((int) reopens.value());
      assertThat(tmp.resolve("work-" + variant)).doesNotExist();
    }
    assertThat(checksums(index)).isEqualTo(before);
  }

  @Test
  void badSettingsAreOneLineErrors() {
    Path out = tmp.resolve("bad.json");
    cli(args(out, "sideways"))
        .assertError("ERROR: unknown NRT variant sideways: use plain, merging or throttled");
    cli(args(out, "plain", "--update-rate", "0"))
        .assertError("ERROR: --update-rate must be > 0, not 0");
    cli(args(out, "plain", "--search-threads", "-1"))
        .assertError("ERROR: --search-threads must be >= 0, not -1");
    List<String> missing = new ArrayList<>(List.of(args(out, "plain")));
    missing.set(missing.indexOf(index.toString()), tmp.resolve("nope").toString());
    cli(missing.toArray(String[]::new))
        .assertError("ERROR: index " + tmp.resolve("nope") + " does not exist");
  }

  private static Map<String, String> checksums(Path dir)
      throws IOException, NoSuchAlgorithmException {
    Map<String, String> sums = new TreeMap<>();
    // The taxonomy beside the index (a subdirectory) must stay as it was too.
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        sums.put(
            dir.relativize(file).toString(),
            HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file))));
      }
    }
    return sums;
  }
}
