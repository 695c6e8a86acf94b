package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Indexes document vectors per vector format and measures recall, latency and CPU of KNN search
 * over fanouts and filters, against exact neighbours cached beside the vectors. A profile's {@code
 * knn} section is this record without the vectors, their dimension and the directories, which the
 * run supplies ({@link #on}); it also sizes the embedding step ({@code max-docs}, {@code
 * max-queries}).
 *
 * @param docVectors the document vectors
 * @param queryVectors the query vectors
 * @param dimension the vectors' dimension
 * @param similarity {@code dot_product}, {@code cosine} or {@code euclidean}
 * @param maxDocs documents indexed at most; null for every vector of {@code docVectors} (a
 *     profile's run sends its own {@code max-docs} then, every document when that is 0 too)
 * @param maxQueries queries searched at most
 * @param vectorFormats {@code hnsw}, {@code int7}, {@code int4}, {@code bq} (a release without one
 *     skips it)
 * @param k neighbours per query (recall@k)
 * @param fanouts extra candidates beyond k, one recall/latency point each
 * @param filterPercents shares of documents kept by filtered KNN
 * @param forceMerge merge each index to one segment before searching
 * @param ramBufferMb IndexWriter RAM buffer
 * @param cacheDir where exact neighbours are kept; null: beside the document vectors
 * @param workDir where the indexes are written
 */
public record KnnSpec(
    @Required Path docVectors,
    @Required Path queryVectors,
    @Required Integer dimension,
    String similarity,
    Integer maxDocs,
    Integer maxQueries,
    List<String> vectorFormats,
    Integer k,
    List<Integer> fanouts,
    List<Integer> filterPercents,
    Boolean forceMerge,
    Double ramBufferMb,
    Path cacheDir,
    @Required Path workDir)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "knn",
          KnnSpec.class,
          "org.nightbench.benchjobs.vectors.KnnBenchmark",
          100,
          Set.of(Input.VECTORS),
          true,
          "knn",
          "vector",
          "Vector search",
          "vector search (KNN recall and latency)",
          List.of(
              lowerIsBetter("indexSeconds", "s"),
              higherIsBetter("indexDocsPerSec", "docs/s"),
              lowerIsBetter("flushSeconds", "s"),
              lowerIsBetter("mergeSeconds", "s"),
              lowerIsBetter("forceMergeSeconds", "s"),
              lowerIsBetter("indexMB", "MB"),
              lowerIsBetter("vectorDiskMB", "MB"),
              lowerIsBetter("vectorRamMB", "MB"),
              lowerIsBetter("segmentsBeforeMerge", "segments"),
              higherIsBetter("recall", "recall@k"),
              lowerIsBetter("latencyMeanMs", "ms"),
              lowerIsBetter("latencyP50Ms", "ms"),
              lowerIsBetter("latencyP99Ms", "ms"),
              lowerIsBetter("cpuMs", "ms"),
              lowerIsBetter("visitedNodes", "nodes"),
              lowerIsBetter("stronglyConnectedComponents", "components"),
              higherIsBetter("largestComponent1", "nodes"),
              lowerIsBetter("largestComponent2", "nodes"),
              lowerIsBetter("largestComponent3", "nodes"),
              lowerIsBetter("largestComponent4", "nodes"),
              lowerIsBetter("largestComponent5", "nodes"),
              lowerIsBetter("outsideLargestComponentPct", "%")));

  /** all-MiniLM-L6-v2's vectors. */
  public static final int MINILM_DIMENSION = 384;

  public static final int DEFAULT_MAX_DOCS = 10_000;
  public static final int DEFAULT_MAX_QUERIES = 100;
  public static final List<String> DEFAULT_FORMATS = List.of("hnsw", "int7", "int4", "bq");
  public static final List<Integer> DEFAULT_FANOUTS = List.of(0, 50, 100);
  public static final List<Integer> DEFAULT_FILTER_PERCENTS = List.of(50, 10);
  public static final int DEFAULT_K = 10;

  public KnnSpec {
    similarity = SpecChecks.orDefault(similarity, "dot_product");
    maxQueries = SpecChecks.orDefault(maxQueries, DEFAULT_MAX_QUERIES);
    if ((maxDocs != null && maxDocs < 1) || maxQueries < 1) {
      throw new IllegalArgumentException("max docs and max queries must be positive");
    }
    // An empty list (a profile's "knn.fanouts=") has always meant the defaults, as none given does.
    vectorFormats = orDefaults(vectorFormats, DEFAULT_FORMATS);
    for (String format : vectorFormats) {
      if (!DEFAULT_FORMATS.contains(format)) {
        throw new IllegalArgumentException(
            "knn formats: unknown vector format " + format + " (hnsw, int7, int4, bq)");
      }
    }
    k = SpecChecks.orDefault(k, DEFAULT_K);
    if (k < 1 || k > 1000) {
      throw new IllegalArgumentException("knn k must be between 1 and 1000, not " + k);
    }
    fanouts = orDefaults(fanouts, DEFAULT_FANOUTS);
    if (fanouts.stream().anyMatch(f -> f < 0 || f > 10_000)) {
      throw new IllegalArgumentException("knn fanouts must be between 0 and 10000: " + fanouts);
    }
    filterPercents = orDefaults(filterPercents, DEFAULT_FILTER_PERCENTS);
    if (filterPercents.stream().anyMatch(p -> p < 1 || p > 100)) {
      throw new IllegalArgumentException("knn filter percents must be 1 to 100: " + filterPercents);
    }
    forceMerge = SpecChecks.orDefault(forceMerge, false);
    ramBufferMb = SpecChecks.orDefault(ramBufferMb, 256.0);
  }

  private static <T> List<T> orDefaults(List<T> given, List<T> defaults) {
    return given == null || given.isEmpty() ? defaults : List.copyOf(given);
  }

  /**
   * These settings on the run's vectors: {@code docs} of {@code docVectors} at most (null for all),
   * exact neighbours kept in {@code cache}, indexes written into {@code work}.
   */
  public KnnSpec on(
      Path docs, Path queries, int vectorDimension, Integer docsAtMost, Path cache, Path work) {
    return new KnnSpec(
        docs,
        queries,
        vectorDimension,
        similarity,
        docsAtMost,
        maxQueries,
        vectorFormats,
        k,
        fanouts,
        filterPercents,
        forceMerge,
        ramBufferMb,
        cache,
        work);
  }
}
