package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.ingest.DeclaredMetrics;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.util.FileSystemUtils;

/**
 * A run whose profile has vector search, end to end through the real worker: the embedding step
 * (MiniLM resolved from Maven and put on its class path), the KNN step, and series of recall and
 * latency per vector format, with the format the release lacks named in the run's log.
 */
@SpringBootTest
@ActiveProfiles("test")
class VectorRunTests {

  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;
  @Autowired EmbeddingModel embedding;

  @Test
  void aRunEmbedsTheCorpusOnceAndMeasuresKnnPerFormat() {
    // The work directory outlives a test run: start from an empty cache so the first run embeds.
    FileSystemUtils.deleteRecursively(embedding.cacheDirectory().toFile());
    Run first = runs.enqueue("maven:9.12.3", "vectors", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run done = runs.find(first.id()).orElseThrow();

    assertThat(done.status()).as("error: %s", done.error()).isEqualTo(RunStatus.SUCCEEDED);
    // KNN's result files, besides indexing's, search's and the facets'. (The embedding runs as the
    // run's preparation, whose result file is not stored.)
    assertThat(DeclaredMetrics.assertDeclared(jdbc, done.id())).contains("knn", "vectorIndexing");
    List<String> series =
        jdbc.sql(
                "select s.task || ' ' || s.metric from series s join measurement m"
                    + " on m.series_id = s.id where m.run_id = ? and s.benchmark = 'knn'"
                    + " order by 1")
            .param(done.id())
            .query(String.class)
            .list();
    assertThat(series)
        .contains(
            "hnsw-fanout50 recall",
            "hnsw-fanout50 latencyP99Ms",
            "int7-fanout0 recall",
            "hnsw-prefilter50pct recall",
            "hnsw-fanout50 visitedNodes",
            "hnsw indexMB",
            "hnsw flushSeconds",
            "hnsw vectorDiskMB",
            "int7 vectorRamMB")
        .noneMatch(s -> s.startsWith("bq"));
    // luceneutil's vector categories ran in the search benchmark: the index's documents carry
    // the embedded vectors, the generated tasks have the categories, the embed JVM embedded
    // their texts and the search JVM read them by file.
    assertThat(
            jdbc.sql(
                    "select s.task from series s join measurement m on m.series_id = s.id"
                        + " where m.run_id = ? and s.benchmark = 'search' and s.metric = 'qps'")
                .param(done.id())
                .query(String.class)
                .list())
        .contains("VectorSearch", "PreFilteredVectorSearch", "PostFilteredVectorSearch");
    double recall =
        jdbc.sql(
                "select m.value from measurement m join series s on s.id = m.series_id"
                    + " where m.run_id = ? and s.benchmark = 'knn' and s.task = 'hnsw-fanout50'"
                    + " and s.metric = 'recall'")
            .param(done.id())
            .query(Double.class)
            .single();
    assertThat(recall).isGreaterThan(0.9);
    assertThat(String.join("\n", runs.log(done.id(), 0)))
        .contains("knn bq: skipped, this Lucene has no")
        .contains("embedded 300/300 documents");

    Run second = runs.enqueue("maven:9.12.3", "vectors", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    assertThat(runs.find(second.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(String.join("\n", runs.log(second.id(), 0)))
        .contains("document vectors from the cache")
        .doesNotContain("embedded 300/300 documents");
  }
}
