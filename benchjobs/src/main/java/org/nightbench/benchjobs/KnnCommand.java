package org.nightbench.benchjobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.nightbench.benchjobs.vectors.EmbeddingCache;
import org.nightbench.benchjobs.vectors.ExactNeighbours;
import org.nightbench.benchjobs.vectors.KnnBenchmark;
import org.nightbench.benchjobs.vectors.KnnFormat;
import org.nightbench.benchjobs.vectors.KnnSettings;
import org.nightbench.benchjobs.vectors.VectorFile;
import org.nightbench.benchjobs.vectors.VectorSimilarity;
import org.nightbench.protocol.HarnessOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code knn}: indexes document vectors per vector format and measures recall, latency and CPU of
 * KNN search over fanouts and filters, against exact neighbours cached beside the vectors.
 */
@Command(
    name = HarnessOptions.KNN_COMMAND,
    mixinStandardHelpOptions = true,
    description = "Index and search vectors: recall@k, latency and CPU per vector format.")
final class KnnCommand implements Callable<Integer> {

  @Option(names = HarnessOptions.DOC_VECTORS, required = true, paramLabel = "FILE")
  Path docVectors;

  @Option(names = HarnessOptions.QUERY_VECTORS, required = true, paramLabel = "FILE")
  Path queryVectors;

  @Option(names = HarnessOptions.DIMENSION, required = true, paramLabel = "D")
  int dimension;

  @Option(names = HarnessOptions.SIMILARITY, defaultValue = "dot_product", paramLabel = "S")
  String similarity;

  @Option(names = HarnessOptions.MAX_DOCS, defaultValue = "10000", paramLabel = "N")
  int maxDocs;

  @Option(names = HarnessOptions.MAX_QUERIES, defaultValue = "100", paramLabel = "N")
  int maxQueries;

  @Option(
      names = HarnessOptions.VECTOR_FORMATS,
      defaultValue = "hnsw,int7,int4,bq",
      split = ",",
      paramLabel = "F")
  List<String> formats;

  @Option(names = HarnessOptions.K, defaultValue = "10", paramLabel = "K")
  int k;

  @Option(names = HarnessOptions.FANOUTS, defaultValue = "0,50,100", split = ",")
  List<Integer> fanouts;

  @Option(names = HarnessOptions.FILTER_PERCENTS, defaultValue = "50,10", split = ",")
  List<Integer> filterPercents;

  @Option(names = HarnessOptions.FORCE_MERGE)
  boolean forceMerge;

  @Option(names = HarnessOptions.RAM_BUFFER_MB, defaultValue = "256", paramLabel = "MB")
  double ramBufferMb;

  @Option(
      names = HarnessOptions.CACHE_DIR,
      paramLabel = "DIR",
      description = "where exact neighbours are kept; beside the document vectors by default")
  Path cacheDir;

  @Option(names = HarnessOptions.WORK_DIR, required = true, paramLabel = "DIR")
  Path workDir;

  @Option(names = HarnessOptions.OUT, required = true, paramLabel = "FILE")
  Path out;

  @Override
  public Integer call() throws Exception {
    Files.deleteIfExists(out);
    if (maxDocs < 1 || maxQueries < 1) {
      throw new IllegalArgumentException("max docs and max queries must be positive");
    }
    try {
      Class.forName("org.apache.lucene.document.KnnFloatVectorField");
    } catch (ClassNotFoundException e) {
      // Before 9.6 vectors had another API; what is measured here starts there.
      String note = "knn: skipped, this Lucene has no KnnFloatVectorField (9.6 on)";
      System.out.println(note);
      Results.write(out, HarnessOptions.KNN_COMMAND, List.of(), List.of(), List.of(note));
      return 0;
    }
    VectorSimilarity sim = VectorSimilarity.of(similarity);
    KnnSettings settings =
        new KnnSettings(
            formats.stream().map(KnnFormat::of).toList(),
            k,
            fanouts,
            filterPercents,
            sim,
            forceMerge,
            ramBufferMb);
    float[][] documents = VectorFile.read(docVectors, dimension, maxDocs);
    float[][] queries = VectorFile.read(queryVectors, dimension, maxQueries);
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
    Files.createDirectories(workDir);
    KnnBenchmark.Outcome outcome =
        new KnnBenchmark(settings, System.out).run(documents, queries, exact, workDir);
    Results.write(
        out, HarnessOptions.KNN_COMMAND, outcome.metrics(), outcome.curves(), outcome.notes());
    return 0;
  }
}
