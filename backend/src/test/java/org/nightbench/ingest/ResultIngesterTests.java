package org.nightbench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.StepResult;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
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

  @Test
  void manyRunsAtOnceBecomeTheirPointsOnTheSameSeries() {
    String machine = "ingester-batch";
    long first = runOf(machine);
    long second = runOf(machine);
    List<HarnessResult> firstJvms =
        List.of(
            TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 100)),
            TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 110)));
    List<HarnessResult> secondJvms =
        List.of(
            TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 90)),
            TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 94)));

    IngestedPoints ingested =
        ingester.ingestPoints(
            List.of(
                new RunResults(TestResults.context(first, machine), firstJvms),
                new RunResults(TestResults.context(second, machine), secondJvms)));

    assertThat(ingested.points()).isEqualTo(2);
    long series = ingested.seriesIds().values().iterator().next();
    assertThat(ingested.seriesIds())
        .containsExactly(
            java.util.Map.entry(
                new SeriesIdentity(
                    "search",
                    "HighTerm",
                    "qps",
                    machine,
                    "Eclipse Adoptium 25",
                    "europarl.lines",
                    "quick"),
                series));
    // Each run's point is its JVMs' mean with their σ and every value, as one ingested run has.
    assertThat(
            jdbc.sql(
                    "select run_id || ' ' || value || ' ' || round(stddev::numeric, 4) || ' '"
                        + " || samples::text from measurement where series_id = :series"
                        + " order by run_id")
                .param("series", series)
                .query(String.class)
                .list())
        .containsExactly(first + " 105 7.0711 {100,110}", second + " 92 2.8284 {90,94}");
  }

  /**
   * The series' unit and direction are the definition's, whatever the result file says: a latency
   * written as if higher were better still alerts when it rises.
   */
  @Test
  void aSeriesTakesItsUnitAndDirectionFromItsBenchmarksDefinition() {
    String machine = "ingester-declared";
    HarnessResult load =
        TestResults.result(
            "load", new Metric("load", "mmap", "p99Ms", "parsecs", true, 12, java.util.Map.of()));

    ingester.ingestPoints(
        List.of(new RunResults(TestResults.context(runOf(machine), machine), List.of(load))));

    assertThat(
            jdbc.sql("select unit || ' ' || higher_is_better from series where machine = :machine")
                .param("machine", machine)
                .query(String.class)
                .single())
        .isEqualTo("ms false");
  }

  /** A metric its benchmark's definition does not declare is refused, and nothing is stored. */
  @Test
  void aMetricItsDefinitionDoesNotDeclareIsRefused() {
    String machine = "ingester-undeclared";
    long run = runOf(machine);
    HarnessResult search =
        TestResults.result(
            "search",
            TestResults.metric("search", "HighTerm", "qps", 100),
            TestResults.metric("search", "HighTerm", "qpsWithHope", 120));

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                ingester.ingestPoints(
                    List.of(new RunResults(TestResults.context(run, machine), List.of(search)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "run "
                + run
                + ": result file 1: metric search/HighTerm/qpsWithHope is not declared by its"
                + " benchmark's definition");
    assertThat(
            jdbc.sql("select count(*) from series where machine = :machine")
                .param("machine", machine)
                .query(Long.class)
                .single())
        .isZero();
  }

  @Test
  void aBadRunInABatchStoresNothingOfTheBatch() {
    String machine = "ingester-bad-batch";
    long good = runOf(machine);
    long bad = runOf(machine);
    HarnessResult fine =
        TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 100));
    HarnessResult infinite =
        TestResults.result(
            "search", TestResults.metric("search", "HighTerm", "qps", Double.POSITIVE_INFINITY));

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                ingester.ingestPoints(
                    List.of(
                        new RunResults(TestResults.context(good, machine), List.of(fine)),
                        new RunResults(TestResults.context(bad, machine), List.of(infinite)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("run " + bad + ": metric search/HighTerm/qps of result file 1 is Infinity");
    assertThat(
            jdbc.sql(
                    "select count(*) from measurement m join series s on s.id = m.series_id"
                        + " where s.machine = :machine")
                .param("machine", machine)
                .query(Long.class)
                .single())
        .isZero();
  }

  @Test
  void aStepSkippedWithANoteKeepsTheRunsOtherPoints() {
    long run = runOf("ingester-skipped-step");
    HarnessResult search =
        TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 100));
    // What the harness writes for PK lookups on a release without lucene-codecs (10.5.2).
    HarnessResult skipped =
        new HarnessResult(
            HarnessResult.SCHEMA_VERSION,
            "pk-postings",
            TestResults.LUCENE,
            TestResults.ENVIRONMENT,
            List.of(),
            null,
            List.of("PK lookups with the id postings in Direct, FST50: skipped, no such postings"));

    Ingested ingested =
        ingester.ingest(
            TestResults.context(run, "ingester-skipped-step"),
            List.of(
                new StepResult("search JVM 1/1", search),
                new StepResult("PK lookups, id postings in RAM", skipped)));

    assertThat(ingested.points()).isEqualTo(1);
    assertThat(ingested.notes()).anyMatch(n -> n.contains("skipped, no such postings"));
  }

  @Test
  void aStepThatMeasuredNothingWithoutSayingWhyIsRefused() {
    long run = runOf("ingester-silent-step");
    HarnessResult search =
        TestResults.result("search", TestResults.metric("search", "HighTerm", "qps", 100));
    HarnessResult silent = TestResults.result("pk-postings");

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                ingester.ingest(
                    TestResults.context(run, "ingester-silent-step"),
                    List.of(
                        new StepResult("search JVM 1/1", search),
                        new StepResult("PK lookups, id postings in RAM", silent))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("result file 2 (pk-postings) has no metrics and no note saying why");
  }

  private long runOf(String machine) {
    return jdbc.sql(
            "insert into run (lucene_spec, machine, profile, corpus, reason, status,"
                + " started_at) values ('maven:9.12.3', :machine, 'quick',"
                + " 'europarl', 'manual', 'running', now()) returning id")
        .param("machine", machine)
        .query(Long.class)
        .single();
  }
}
