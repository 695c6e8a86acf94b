package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.corpus.CorpusProperties;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.series.SeriesService;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * Real runs end to end: real Lucene jars from Maven Central, forked harness JVMs on the europarl
 * corpus, ingestion into the embedded PostgreSQL, each run taken from the job engine's table.
 */
@SpringBootTest
@ActiveProfiles("test")
class RunWorkerTests {

  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;
  @Autowired SeriesService seriesService;
  @Autowired CorpusProperties corpora;
  @TempDir Path temp;

  @Test
  void releasesOfTwoMajorsAreMeasuredIntoTheSameSeries() {
    Run nine = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    Run ten = runs.enqueue("maven:10.0.0", "tiny", null, "manual");

    runQueued();
    Run first = runs.find(nine.id()).orElseThrow();
    Run second = runs.find(ten.id()).orElseThrow();

    assertThat(first.error()).isNull();
    assertThat(first.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(second.error()).isNull();
    assertThat(second.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(first.luceneVersion()).isEqualTo("9.12.3");
    assertThat(second.luceneVersion()).isEqualTo("10.0.0");
    // Release build dates from the jars' manifests; 9.12.3 was released after 10.0.0.
    assertThat(first.revisionDate()).isAfter(second.revisionDate());
    assertThat(first.jdk()).as("one JDK runs every revision").isEqualTo(second.jdk());

    List<Map<String, Object>> series =
        jdbc.sql(
                "select s.benchmark, s.task, s.metric, count(*) as points,"
                    + " count(m.stddev) as with_sigma from series s"
                    + " join measurement m on m.series_id = s.id"
                    + " where m.run_id in (:a, :b) group by s.id order by s.benchmark, s.task")
            .param("a", nine.id())
            .param("b", ten.id())
            .query()
            .listOfRows();
    assertThat(series)
        .extracting(row -> row.get("benchmark") + "/" + row.get("task") + "/" + row.get("metric"))
        .contains(
            "indexing/default/docsPerSec",
            "indexing/default/gbPerHour",
            "search/HighTerm/qps",
            "search/AndHighHigh/qps",
            "search/OrHighMed/qps",
            "search/HighPhrase/qps",
            "search/Prefix3/qps",
            "search/Wildcard/qps",
            "search/Fuzzy2/qps");
    // The categories 9.x cannot run (doc-values skippers arrived in 10.0) are not generated for
    // it: their series have the 10.x point only. Every other series has both.
    assertThat(series)
        .filteredOn(row -> !row.get("points").equals(2L))
        .extracting(row -> (String) row.get("task"))
        .isNotEmpty()
        .allMatch(HarnessTasks.SKIPPER_CATEGORIES::contains);
    // ... and the 9.x run's page says why, one note per category.
    List<String> notes =
        jdbc.sql("select unnest(notes) from run where id = :id")
            .param("id", nine.id())
            .query(String.class)
            .list();
    for (String category : HarnessTasks.SKIPPER_CATEGORIES) {
      assertThat(notes)
          .as(category)
          .anyMatch(
              n -> n.startsWith("skipped " + category + " (no task generated): Lucene 9.12.3 has"));
    }
    assertThat(series).filteredOn(row -> row.get("points").equals(2L)).hasSizeGreaterThan(100);
    assertThat(series)
        .filteredOn(row -> row.get("benchmark").equals("search"))
        .allSatisfy(row -> assertThat(row.get("with_sigma")).isEqualTo(row.get("points")));
    assertThat(
            jdbc.sql(
                    "select value from measurement m join series s on s.id = m.series_id"
                        + " where m.run_id = :run and s.metric = 'docsPerSec'")
                .param("run", nine.id())
                .query(Double.class)
                .single())
        .isPositive();
    assertThat(runs.log(nine.id(), 0)).anyMatch(line -> line.startsWith("== indexing"));
    assertThat(seriesService.measurementsOfRun(nine.id()))
        .extracting(m -> m.series().task() + "/" + m.series().metric() + "@" + m.jvms())
        .contains("default/docsPerSec@1", "HighTerm/qps@2");
    assertThat(
            jdbc.sql("select environment -> 'machine' ->> 'cores' from run where id = :id")
                .param("id", nine.id())
                .query(String.class)
                .single())
        .isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
  }

  @Test
  void aLuceneutilTaskFileIsReadAsIs() {
    Run run = runs.enqueue("maven:9.12.3", "given-tasks", null, "manual");

    Run done = runToEnd(run);

    assertThat(done.error()).isNull();
    assertThat(
            jdbc.sql(
                    "select s.task from series s join measurement m on m.series_id = s.id"
                        + " where m.run_id = :run and s.benchmark = 'search' and s.metric = 'qps'"
                        + " order by s.task")
                .param("run", run.id())
                .query(String.class)
                .list())
        .containsExactly("AndHighHigh", "HighTerm", "OrHighHigh", "Phrase");
  }

  @Test
  void aVersionThatDoesNotExistFailsWithOneLineAndKeepsTheLog() {
    Run run = runs.enqueue("maven:9.99.0", "tiny", null, "manual");

    Run done = runToEnd(run);

    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error()).contains("Lucene 9.99.0 was not found").doesNotContain("\n");
    assertThat(runs.log(run.id(), 0)).anyMatch(line -> line.startsWith("FAILED: "));
    assertNoMeasurements(run);
  }

  @Test
  void aMissingCorpusFails() {
    // A configured corpus whose file is missing: the administrator's mistake, named in full.
    Run run = runs.enqueue("maven:9.12.3", "tiny", "missing", "manual");

    Run done = runToEnd(run);

    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error()).isEqualTo("corpus /nonexistent/corpus.txt does not exist");
  }

  @Test
  void aCorpusThatIsNotLineDocsFailsInTheHarness() throws IOException {
    Path notLineDocs = corpora.path("not-line-docs");
    Files.createDirectories(notLineDocs.getParent());
    Files.writeString(notLineDocs, "just some prose\nno tabs\n");
    Run run = runs.enqueue("maven:9.12.3", "tiny", "not-line-docs", "manual");

    Run done = runToEnd(run);

    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error()).startsWith("indexing: ").contains(notLineDocs.toString());
    assertThat(runs.log(run.id(), 0)).anyMatch(line -> line.startsWith("ERROR: "));
    assertNoMeasurements(run);
  }

  @Test
  void aTaskLineThatDoesNotParseFailsTheRunBeforeIndexing() {
    Run run = runs.enqueue("maven:9.12.3", "bad-tasks", null, "manual");

    Run done = runToEnd(run);

    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error())
        .startsWith("src/test/resources/tasks/bad.tasks line 2: ")
        .contains("this line has no category");
    assertThat(runs.log(run.id(), 0)).noneMatch(line -> line.startsWith("== indexing"));
    assertNoMeasurements(run);
  }

  private void runQueued() {
    QueuedRuns.runAll(dataSource, worker);
  }

  private Run runToEnd(Run run) {
    runQueued();
    return runs.find(run.id()).orElseThrow();
  }

  private void assertNoMeasurements(Run run) {
    assertThat(
            jdbc.sql("select count(*) from measurement where run_id = :run")
                .param("run", run.id())
                .query(Long.class)
                .single())
        .isZero();
  }
}
