package org.nightbench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.benchjobs.result.EnvironmentInfo;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.benchjobs.result.LuceneInfo;
import org.nightbench.benchjobs.result.Metric;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The ingester alone: it stores points and says what the run's row should record, and leaves the
 * run's state to its caller (the completion step, tested in {@code runs.RunCompletionTests}).
 */
@SpringBootTest
@ActiveProfiles("test")
class ResultIngesterTests {

  private static final EnvironmentInfo ENVIRONMENT =
      new EnvironmentInfo(
          "box",
          "Some CPU",
          2,
          1L << 34,
          "Linux",
          "6.1",
          "amd64",
          "Eclipse Adoptium",
          "25.0.1",
          "OpenJDK 64-Bit Server VM",
          List.of("-Xmx1g"));
  private static final LuceneInfo LUCENE = new LuceneInfo("9.12.3", "9.12.3 abc - 2024-10-01");

  @Autowired ResultIngester ingester;
  @Autowired JdbcClient jdbc;

  @Test
  void ingestingStoresPointsAndLeavesTheRunsStateAlone() {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus, reason, status,"
                    + " started_at) values ('maven:9.12.3', 'ingester-tests', 'quick',"
                    + " 'europarl', 'manual', 'running', now()) returning id")
            .query(Long.class)
            .single();
    HarnessResult search =
        new HarnessResult(
            HarnessResult.SCHEMA_VERSION,
            "search",
            LUCENE,
            ENVIRONMENT,
            List.of(new Metric("search", "HighTerm", "qps", "units", true, 100, Map.of())),
            null,
            null);

    Ingested ingested =
        ingester.ingest(
            new RunContext(
                run,
                Instant.parse("2024-10-01T00:00:00Z"),
                "ingester-" + run,
                "Eclipse Adoptium 25",
                "europarl.lines",
                "quick",
                Map.of("luceneSpec", "maven:9.12.3")),
            List.of(new StepResult("search JVM 1/1", search)));

    assertThat(ingested.points()).isEqualTo(1);
    assertThat(ingested.seriesIds()).hasSize(1);
    assertThat(ingested.environmentJson()).contains("\"luceneSpec\":\"maven:9.12.3\"");
    assertThat(
            jdbc.sql("select count(*) from measurement where run_id = :run")
                .param("run", run)
                .query(Long.class)
                .single())
        .isEqualTo(1);
    assertThat(
            jdbc.sql("select status || ' ' || (finished_at is null) from run where id = :run")
                .param("run", run)
                .query(String.class)
                .single())
        .isEqualTo("running true");
  }
}
