package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.ingest.DeclaredMetrics;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.series.SeriesGroup;
import org.nightbench.series.SeriesService;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * A run whose profile has vector indexing, through the real worker on a real release: the embedded
 * documents indexed once per vector format, each in its own JVM, ingested as the {@code
 * vectorIndexing} series (docs/s and GB/hour per format) the overview shows as a group of its own.
 */
@SpringBootTest
@ActiveProfiles("test")
class VectorIndexingRunTests {

  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;
  @Autowired SeriesService series;

  @Test
  void aRunIndexesTheEmbeddedDocumentsPerVectorFormatAndIngestsTheirThroughput() {
    Run run = runs.enqueue("maven:9.12.3", "vectors", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run done = runs.find(run.id()).orElseThrow();

    assertThat(done.status()).as("error: %s", done.error()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(DeclaredMetrics.assertDeclared(jdbc, done.id())).contains("vectorIndexing");
    List<String> measured =
        jdbc.sql(
                "select s.task || ' ' || s.metric || ' ' || s.unit from series s join measurement m"
                    + " on m.series_id = s.id where m.run_id = ? and s.benchmark = 'vectorIndexing'"
                    + " and m.value > 0 order by 1")
            .param(done.id())
            .query(String.class)
            .list();
    assertThat(measured)
        .contains(
            "float32 docsPerSec docs/s",
            "float32 gbPerHour GB/hour",
            "int8 docsPerSec docs/s",
            "int8 gbPerHour GB/hour");
    assertThat(String.join("\n", runs.log(done.id(), 0)))
        .contains("vector indexing float32")
        .contains("vector indexing int8")
        .contains("vector-indexing int8: 300 docs");
    SeriesGroup group =
        series.grouped().stream()
            .filter(g -> g.group().equals("vectorindexing"))
            .findFirst()
            .orElseThrow();
    assertThat(group.title()).isEqualTo("Indexing with vectors");
    assertThat(group.series())
        .extracting(s -> s.series().task() + " " + s.series().metric())
        .contains("float32 docsPerSec", "int8 gbPerHour");
  }
}
