package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
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
 * {@code knn} on small seeded vectors: recall against exact neighbours, filtered search, formats a
 * release lacks skipped with a note, the exact neighbours cached, and a sanity check that fails a
 * run whose recall cannot be right.
 */
class KnnCommandTest {

  private static final int DIM = 16;

  @TempDir Path tmp;

  @Test
  void measuresRecallLatencyAndFiltersPerFormatAndSkipsWhatTheReleaseLacks() throws Exception {
    writeVectors(1500, 30);
    Path out = tmp.resolve("knn.json");

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(new PrintStream(err, true, StandardCharsets.UTF_8), args(out));

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    HarnessResult result = ResultWriter.read(out);
    // Compiled against 9.12: binary quantization (10.2 on) is not there.
    assertThat(result.notes())
        .singleElement()
        .asString()
        .startsWith(
            "knn bq: skipped, this Lucene has no Lucene102HnswBinaryQuantizedVectorsFormat");
    assertThat(value(result, "hnsw-fanout100", "recall")).isGreaterThan(0.9);
    assertThat(value(result, "hnsw-fanout0", "recall"))
        .isLessThanOrEqualTo(value(result, "hnsw-fanout100", "recall"));
    assertThat(value(result, "int7-fanout100", "recall")).isGreaterThan(0.6);
    assertThat(value(result, "int4-fanout100", "recall")).isGreaterThan(0.3);
    assertThat(value(result, "hnsw-prefilter10pct", "recall")).isGreaterThan(0.5);
    assertThat(value(result, "hnsw-postfilter50pct", "latencyP99Ms")).isPositive();
    assertThat(value(result, "hnsw", "indexMB")).isPositive();
    // Visited graph nodes grow with the fanout; 9.x reads TotalHits.value as a field.
    assertThat(value(result, "hnsw-fanout0", "visitedNodes")).isPositive();
    assertThat(value(result, "hnsw-fanout100", "visitedNodes"))
        .isGreaterThan(value(result, "hnsw-fanout0", "visitedNodes"));
    // What a search keeps hot: the raw vectors and graph for float32, less once quantized.
    assertThat(value(result, "hnsw", "vectorRamMB"))
        .isEqualTo(value(result, "hnsw", "vectorDiskMB"))
        .isGreaterThan(value(result, "int4", "vectorRamMB"));
    assertThat(value(result, "int7", "vectorDiskMB"))
        .isGreaterThan(value(result, "hnsw", "vectorDiskMB"));
    assertThat(value(result, "hnsw", "flushSeconds")).isNotNegative();
    // With and without force-merge: the segments as written were searched before the merge.
    assertThat(value(result, "hnsw", "segmentsBeforeMerge")).isGreaterThan(1);
    assertThat(value(result, "hnsw-unmerged-fanout100", "recall")).isGreaterThan(0.9);
    assertThat(value(result, "hnsw-unmerged-fanout0", "visitedNodes")).isPositive();
    assertThat(value(result, "hnsw", "forceMergeSeconds")).isNotNegative();
    // The searched graph's connectivity, per format and level: every format here exposes it.
    for (String format : List.of("hnsw", "int7", "int4")) {
      assertConnectivity(result, format, 1500);
    }
    assertThat(result.curves()).extracting(c -> c.task()).containsExactly("hnsw", "int7", "int4");
    assertThat(result.curves().get(0).rows()).hasSize(2);
    try (Stream<Path> files = Files.list(tmp)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .anyMatch(
              name -> name.startsWith("exact-") && name.endsWith("-1500x30-k200-dot_product.bin"));
    }
    try (Stream<Path> left = Files.list(tmp.resolve("work"))) {
      assertThat(left).as("indexes are removed").isEmpty();
    }
  }

  @Test
  void aStaleExactNeighboursCacheFailsTheRunInsteadOfReportingLowRecall() throws Exception {
    writeVectors(800, 10);
    Path out = tmp.resolve("knn.json");
    List<String> args = new ArrayList<>(List.of(args(out)));
    args.set(args.indexOf("hnsw,int7,int4,bq"), "hnsw");
    args.set(args.indexOf("50,10"), "50");
    assertThat(Harness.run(System.err, args.toArray(String[]::new))).isZero();
    Path cache;
    try (Stream<Path> files = Files.list(tmp)) {
      cache =
          files
              .filter(p -> p.getFileName().toString().startsWith("exact-"))
              .findFirst()
              .orElseThrow();
    }
    // Now a cache as if from vectors in another order: every "true" neighbour is someone else.
    try (DataOutputStream data = new DataOutputStream(Files.newOutputStream(cache))) {
      data.writeInt(10);
      for (int q = 0; q < 10; q++) {
        data.writeInt(40);
        for (int i = 0; i < 40; i++) {
          data.writeInt(799 - i - q);
        }
      }
    }
    Files.delete(out);
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int code =
        Harness.run(
            new PrintStream(err, true, StandardCharsets.UTF_8), args.toArray(String[]::new));

    assertThat(code).isEqualTo(Harness.EXIT_FAILURE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("ERROR: ")
        .contains("knn hnsw recall@10 is 0.000 at fanout 100")
        .contains("implausibly low");
    assertThat(out).doesNotExist();
  }

  @Test
  void binaryQuantizationRunsOnA10xRelease() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    writeVectors(800, 10);
    Path out = tmp.resolve("knn.json");
    List<String> args = new ArrayList<>(List.of(args(out)));
    args.set(args.indexOf("hnsw,int7,int4,bq"), "hnsw,bq");

    OtherLucene.Run run = lucene.get().run(tmp, Harness.class, args);

    assertThat(run.code()).as(run.stderr()).isZero();
    HarnessResult result = ResultWriter.read(out);
    assertThat(result.notes()).isEmpty();
    assertThat(value(result, "bq-fanout100", "recall")).isPositive();
    assertThat(
            result.metrics().stream()
                .filter(m -> m.task().equals("bq-fanout100"))
                .findFirst()
                .orElseThrow()
                .detail())
        .containsEntry("luceneFormat", "Lucene104HnswScalarQuantizedVectorsFormat");
    assertThat(value(result, "hnsw-fanout100", "recall")).isGreaterThan(0.9);
    // 10.x reads TotalHits.value through its record accessor.
    assertThat(value(result, "bq-fanout100", "visitedNodes")).isPositive();
    // 10.x's codec exposes its graphs too, the quantized format's as well.
    assertConnectivity(result, "hnsw", 800);
    assertConnectivity(result, "bq", 800);
  }

  /**
   * The format's level-0 graph holds every vector in at least one strongly connected component, the
   * largest holds most of them, and each level has all seven connectivity figures.
   */
  private static void assertConnectivity(HarnessResult result, String format, int docs) {
    assertThat(value(result, format + "-level0", "stronglyConnectedComponents")).isPositive();
    double largest = value(result, format + "-level0", "largestComponent1");
    assertThat(largest).isGreaterThan(docs / 2.0).isLessThanOrEqualTo(docs);
    assertThat(value(result, format + "-level0", "outsideLargestComponentPct"))
        .isEqualTo(100.0 * (docs - largest) / docs);
    assertThat(result.metrics())
        .filteredOn(m -> m.task().equals(format + "-level1"))
        .extracting(Metric::name)
        .containsExactly(
            "stronglyConnectedComponents",
            "largestComponent1",
            "largestComponent2",
            "largestComponent3",
            "largestComponent4",
            "largestComponent5",
            "outsideLargestComponentPct");
  }

  private String[] args(Path out) {
    return new String[] {
      "knn",
      "--doc-vectors",
      tmp.resolve("docs.vec").toString(),
      "--query-vectors",
      tmp.resolve("queries.vec").toString(),
      "--dimension",
      Integer.toString(DIM),
      "--max-docs",
      "100000",
      "--vector-formats",
      "hnsw,int7,int4,bq",
      "--fanouts",
      "0,100",
      "--filter-percents",
      "50,10",
      "--force-merge",
      // Small flushes: several segments before the merge, searched too.
      "--ram-buffer-mb",
      "0.1",
      "--work-dir",
      tmp.resolve("work").toString(),
      "--out",
      out.toString()
    };
  }

  /** Unit vectors around a few centres, as embeddings cluster; seeded. */
  private void writeVectors(int docs, int queries) throws Exception {
    SplittableRandom random = new SplittableRandom(42);
    float[][] centres = new float[8][];
    for (int c = 0; c < centres.length; c++) {
      centres[c] = gaussian(random, 1.0);
    }
    VectorFile.write(tmp.resolve("docs.vec"), around(random, centres, docs), DIM);
    VectorFile.write(tmp.resolve("queries.vec"), around(random, centres, queries), DIM);
  }

  private static List<float[]> around(SplittableRandom random, float[][] centres, int n) {
    List<float[]> vectors = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      float[] v = gaussian(random, 0.5);
      float[] centre = centres[random.nextInt(centres.length)];
      double norm = 0;
      for (int d = 0; d < DIM; d++) {
        v[d] += centre[d];
        norm += v[d] * v[d];
      }
      for (int d = 0; d < DIM; d++) {
        v[d] /= (float) Math.sqrt(norm);
      }
      vectors.add(v);
    }
    return vectors;
  }

  private static float[] gaussian(SplittableRandom random, double scale) {
    float[] v = new float[DIM];
    for (int d = 0; d < DIM; d++) {
      // Box-Muller
      double u = 1 - random.nextDouble();
      v[d] =
          (float)
              (scale * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble()));
    }
    return v;
  }

  private static double value(HarnessResult result, String task, String name) {
    return result.metrics().stream()
        .filter(m -> m.task().equals(task) && m.name().equals(name))
        .mapToDouble(Metric::value)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + task + " " + name));
  }
}
