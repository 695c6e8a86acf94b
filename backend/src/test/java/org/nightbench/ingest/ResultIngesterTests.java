package org.nightbench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.harness.StepResult;
import org.nightbench.protocol.HarnessTasks;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The ingester alone: it stores points and says what the run's row should record, and leaves the
 * run's state to its caller (the completion step, tested in {@code worker.RunCompletionTests}).
 */
@SpringBootTest
@ActiveProfiles("test")
class ResultIngesterTests {

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
        TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 100));

    Ingested ingested =
        ingester.ingest(
            TestResults.context(run, "ingester-" + run),
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

  @Test
  void everyCategoryTheHarnessGeneratesBecomesASeries() {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus, reason, status,"
                    + " started_at) values ('maven:10.6.0', 'ingester-tests', 'quick',"
                    + " 'europarl', 'manual', 'running', now()) returning id")
            .query(Long.class)
            .single();
    HarnessResult search =
        TestResults.result(
            "search",
            HarnessTasks.CATEGORIES.stream()
                .map(c -> TestResults.metric("search", c, "qps", 100))
                .toArray(Metric[]::new));
    String machine = "ingester-categories-" + run;

    Ingested ingested =
        ingester.ingest(
            TestResults.context(run, machine), List.of(new StepResult("search JVM 1/1", search)));

    assertThat(ingested.seriesIds()).hasSize(HarnessTasks.CATEGORIES.size());
    assertThat(
            jdbc.sql("select task from series where machine = :machine and benchmark = 'search'")
                .param("machine", machine)
                .query(String.class)
                .list())
        .containsExactlyInAnyOrderElementsOf(HarnessTasks.CATEGORIES)
        .contains("FilteredOrHighHigh", "TermGroup1M", "TermDateTimeSkipperSearchAfter");
  }
}
