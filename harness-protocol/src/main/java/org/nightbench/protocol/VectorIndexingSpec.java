package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Indexing throughput with a vector field: the corpus's documents (the indexing step's text fields)
 * each with its embedded vector, written with one vector format per index, timed as the indexing
 * step times its documents (docs/s, GB/hour of their text).
 *
 * @param corpus line-docs file, plain or .gz
 * @param docVectors the embedded vectors of the corpus's first documents; only those documents are
 *     indexed
 * @param indexDir where each format's index is written, recreated and removed afterwards
 * @param dimension the vectors' dimension
 * @param formats {@code float32} (the codec's own HNSW format) and {@code int8} (scalar-quantized
 *     HNSW); a release without one skips it with a note
 * @param maxDocs documents indexed at most; null for every document with a vector
 * @param ramBufferMb IndexWriter RAM buffer
 */
public record VectorIndexingSpec(
    @Required Path corpus,
    @Required Path docVectors,
    @Required Path indexDir,
    Integer dimension,
    List<String> formats,
    Long maxDocs,
    Double ramBufferMb)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "vector-indexing",
          VectorIndexingSpec.class,
          "org.nightbench.benchjobs.vectorindexing.VectorIndexingBenchmark",
          110,
          Set.of(Input.CORPUS, Input.VECTORS),
          true,
          "vectorIndexing",
          "vectorindexing",
          "Indexing with vectors",
          "indexing with vectors (float32, int8)",
          List.of(
              higherIsBetter("docsPerSec", "docs/s"),
              higherIsBetter("gbPerHour", "GB/hour"),
              lowerIsBetter("indexSizeMB", "MB"),
              lowerIsBetter("elapsedSec", "s"),
              lowerIsBetter("gcSeconds", "s")));

  /** The formats a run measures unless told otherwise. */
  public static final List<String> DEFAULT_FORMATS = List.of("float32", "int8");

  public VectorIndexingSpec {
    dimension = SpecChecks.orDefault(dimension, KnnSpec.MINILM_DIMENSION);
    formats = formats == null ? DEFAULT_FORMATS : List.copyOf(formats);
    for (String format : formats) {
      if (!DEFAULT_FORMATS.contains(format)) {
        throw new IllegalArgumentException(
            "unknown vector indexing format '" + format + "': use float32 or int8");
      }
    }
    if (formats.isEmpty()) {
      throw new IllegalArgumentException("vector indexing needs at least one format");
    }
    if (maxDocs != null) {
      SpecChecks.atLeast("maxDocs", maxDocs, 1);
    }
    ramBufferMb = SpecChecks.orDefault(ramBufferMb, IndexSpec.DEFAULT_RAM_BUFFER_MB);
  }

  /** This step's inputs filled in by the run. */
  public VectorIndexingSpec on(Path corpus, Path docVectors, Path indexDir) {
    return new VectorIndexingSpec(
        corpus, docVectors, indexDir, dimension, formats, maxDocs, ramBufferMb);
  }

  /** The same step measuring {@code format} alone: the run gives each format its own JVM. */
  public VectorIndexingSpec withFormat(String format) {
    return new VectorIndexingSpec(
        corpus, docVectors, indexDir, dimension, List.of(format), maxDocs, ramBufferMb);
  }
}
