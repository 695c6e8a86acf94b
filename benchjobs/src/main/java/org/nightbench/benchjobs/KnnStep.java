package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.vectors.EmbeddingCache;
import org.nightbench.benchjobs.vectors.ExactNeighbours;
import org.nightbench.benchjobs.vectors.KnnBenchmark;
import org.nightbench.benchjobs.vectors.KnnFormat;
import org.nightbench.benchjobs.vectors.KnnSettings;
import org.nightbench.benchjobs.vectors.VectorFile;
import org.nightbench.benchjobs.vectors.VectorSimilarity;
import org.nightbench.protocol.KnnSpec;

/**
 * {@code knn}: indexes document vectors per vector format and measures recall, latency and CPU of
 * KNN search over fanouts and filters, against exact neighbours cached beside the vectors.
 */
final class KnnStep {

  private KnnStep() {}

  static void run(KnnSpec spec, Path out) throws Exception {
    Path docVectors = spec.docVectors();
    Path queryVectors = spec.queryVectors();
    Path cacheDir = spec.cacheDir();
    int dimension = spec.dimension();
    try {
      Class.forName("org.apache.lucene.document.KnnFloatVectorField");
    } catch (ClassNotFoundException e) {
      // Before 9.6 vectors had another API; what is measured here starts there.
      String note = "knn: skipped, this Lucene has no KnnFloatVectorField (9.6 on)";
      System.out.println(note);
      Results.write(out, spec.type(), List.of(), List.of(), List.of(note));
      return;
    }
    VectorSimilarity sim = VectorSimilarity.of(spec.similarity());
    KnnSettings settings =
        new KnnSettings(
            spec.vectorFormats().stream().map(KnnFormat::of).toList(),
            spec.k(),
            spec.fanouts(),
            spec.filterPercents(),
            sim,
            spec.forceMerge(),
            spec.ramBufferMb());
    // No maximum: every vector of the file, as many as the embedding step wrote.
    int maxDocs = spec.maxDocs() == null ? Integer.MAX_VALUE : spec.maxDocs();
    float[][] documents = VectorFile.read(docVectors, dimension, maxDocs);
    float[][] queries = VectorFile.read(queryVectors, dimension, spec.maxQueries());
    if (documents.length == 0 || queries.length == 0) {
      throw new IllegalArgumentException("no vectors to index or no queries to search");
    }
    // Keyed by both files' content: vectors linked into a fresh work directory find it again.
    Path exactFile =
        (cacheDir != null ? cacheDir : docVectors.toAbsolutePath().getParent())
            .resolve(
                "exact-"
                    + EmbeddingCache.sha256(docVectors).substring(0, 16)
                    + "-"
                    + EmbeddingCache.sha256(queryVectors).substring(0, 16)
                    + "-"
                    + documents.length
                    + "x"
                    + queries.length
                    + "-k"
                    + settings.exactDepth()
                    + "-"
                    + sim.name().toLowerCase(java.util.Locale.ROOT)
                    + ".bin");
    if (cacheDir != null) {
      Files.createDirectories(cacheDir);
    }
    long start = System.nanoTime();
    boolean cached = Files.isRegularFile(exactFile);
    int[][] exact =
        ExactNeighbours.cached(exactFile, documents, queries, settings.exactDepth(), sim);
    System.out.printf(
        "exact neighbours of %d queries in %d documents: %s in %.1f s%n",
        queries.length,
        documents.length,
        cached ? "read from the cache" : "computed",
        (System.nanoTime() - start) / 1e9);
    Files.createDirectories(spec.workDir());
    KnnBenchmark.Outcome outcome =
        new KnnBenchmark(settings, System.out).run(documents, queries, exact, spec.workDir());
    Results.write(out, spec.type(), outcome.metrics(), outcome.curves(), outcome.notes());
  }
}
