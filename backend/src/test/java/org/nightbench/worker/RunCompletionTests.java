package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.nightbench.ingest.TestResults.ENVIRONMENT;
import static org.nightbench.ingest.TestResults.LUCENE;
import static org.nightbench.ingest.TestResults.context;
import static org.nightbench.ingest.TestResults.metric;
import static org.nightbench.ingest.TestResults.result;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.StepResult;
import org.nightbench.ingest.RunContext;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunTry;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

@SpringBootTest
@ActiveProfiles("test")
class RunCompletionTests {

  @Autowired RunCompletion completion;
  @Autowired RunRepository runs;
  @Autowired JdbcClient jdbc;

  @Test
  void sameMetricFromSeveralJvmsBecomesOnePointWithMeanAndSigma() {
    long run = runningRun("maven:9.12.3");
    String machine = "ingest-" + run;

    int points =
        ingest(
            context(run, machine),
            List.of(
                result("index", metric("indexing", "default", "docsPerSec", 1000)),
                result("search", metric("search", "HighTerm", "qps", 100)),
                result("search", metric("search", "HighTerm", "qps", 110)),
                result("search", metric("search", "HighTerm", "qps", 120))));

    assertThat(points).isEqualTo(2);
    Map<String, Object> search =
        jdbc.sql(
                "select m.value, m.stddev, m.samples, s.unit, s.higher_is_better from measurement m"
                    + " join series s on s.id = m.series_id"
                    + " where m.run_id = :run and s.task = 'HighTerm'")
            .param("run", run)
            .query()
            .singleRow();
    assertThat((Double) search.get("value")).isCloseTo(110.0, within(1e-9));
    assertThat((Double) search.get("stddev")).isCloseTo(10.0, within(1e-9));
    assertThat(search.get("higher_is_better")).isEqualTo(true);
    Map<String, Object> indexing =
        jdbc.sql(
                "select m.value, m.stddev from measurement m join series s on s.id = m.series_id"
                    + " where m.run_id = :run and s.benchmark = 'indexing'")
            .param("run", run)
            .query()
            .singleRow();
    assertThat(indexing.get("stddev")).as("one JVM has no spread").isNull();
    Run stored = runs.find(run).orElseThrow();
    assertThat(stored.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(
            jdbc.sql("select environment ->> 'luceneSpec' from run where id = :id")
                .param("id", run)
                .query(String.class)
                .single())
        .isEqualTo("maven:9.12.3");
  }

  @Test
  void aSecondRunOfTheSameIdentityAddsToTheSameSeries() {
    long first = runningRun("maven:9.12.3");
    long second = runningRun("maven:10.0.0");
    String machine = "same-series-" + first;

    ingest(
        context(first, machine), List.of(result("search", metric("search", "Phrase", "qps", 5))));
    ingest(
        context(second, machine), List.of(result("search", metric("search", "Phrase", "qps", 6))));

    assertThat(
            jdbc.sql(
                    "select count(distinct series_id) || '/' || count(*) from measurement"
                        + " where run_id in (:a, :b)")
                .param("a", first)
                .param("b", second)
                .query(String.class)
                .single())
        .isEqualTo("1/2");
  }

  @Test
  void aRowTheDatabaseRefusesAfterOthersWereStoredIngestsNothingOfTheRun() {
    long run = runningRun("maven:9.12.3");
    String machine = "atomic-" + run;
    HarnessResult search = result("search", metric("search", "HighTerm", "qps", 100));
    // Series, points and the first result file are written before the second result file's step
    // name, which cannot go into a text column (it holds a NUL): the failure comes after inserts.
    List<StepResult> steps =
        List.of(
            new StepResult("search JVM 1/2", search), new StepResult("search JVM 2/2 \0", search));

    assertThatThrownBy(
            () ->
                completion.complete(
                    tries.get(run),
                    context(run, machine),
                    steps,
                    new RunFindings(List.of(), null, null, null, null)))
        .isInstanceOf(DataAccessException.class);

    assertThat(count("select count(*) from measurement where run_id = :run", run))
        .as("the run's points were rolled back")
        .isZero();
    assertThat(count("select count(*) from run_result where run_id = :run", run))
        .as("the first result file was rolled back")
        .isZero();
    assertThat(
            jdbc.sql("select count(*) from series where machine = :machine")
                .param("machine", machine)
                .query(Long.class)
                .single())
        .as("the series created before the refused row were rolled back too")
        .isZero();
    assertThat(runs.find(run).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
  }

  @Test
  void aBadMetricIsRefusedWithOneLine() {
    long run = runningRun("maven:9.12.3");

    assertThatThrownBy(
            () ->
                ingest(
                    context(run, "nan-" + run),
                    List.of(
                        result("search", metric("search", "HighTerm", "qps", 100)),
                        result("search", metric("search", "HighTerm", "qps", Double.NaN)))))
        .hasMessage("metric search/HighTerm/qps of result file 2 is NaN");
    assertThat(count("select count(*) from measurement where run_id = :run", run)).isZero();
  }

  @Test
  void aRunCancelledWhileIngestingStoresNothingAndEndsCancelled() {
    long run = runningRun("maven:9.12.3");
    String machine = "cancelled-" + run;
    assertThat(runs.requestCancel(run)).isTrue();

    assertThatThrownBy(
            () ->
                ingest(
                    context(run, machine),
                    List.of(result("search", metric("search", "HighTerm", "qps", 100)))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("run " + run + " was cancelled or ended elsewhere; its results are not stored");

    assertThat(count("select count(*) from measurement where run_id = :run", run)).isZero();
    assertThat(count("select count(*) from run_result where run_id = :run", run)).isZero();
    assertThat(runs.markCancelled(tries.get(run), "cancelled on request")).isTrue();
    assertThat(runs.find(run).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
  }

  @Test
  void wrongSchemaVersionIsRejected() {
    long run = runningRun("maven:9.12.3");
    HarnessResult future =
        new HarnessResult(
            99,
            "search",
            LUCENE,
            ENVIRONMENT,
            List.of(metric("search", "A", "qps", 1)),
            null,
            null);

    assertThatThrownBy(() -> ingest(context(run, "schema-" + run), List.of(future)))
        .hasMessage("result file 1 has schema version 99, expected 2");
  }

  private long count(String sql, long run) {
    return jdbc.sql(sql).param("run", run).query(Long.class).single();
  }

  /**
   * Completes the run with results as if each came from its own step, with nothing else to report.
   */
  private int ingest(RunContext context, List<HarnessResult> results) {
    return completion.complete(
        tries.get(context.runId()),
        context,
        results.stream().map(r -> new StepResult(r.command(), r)).toList(),
        new RunFindings(List.of(), null, null, null, null));
  }

  /** The try each running run of this test is in, by run id. */
  private final Map<Long, RunTry> tries = new HashMap<>();

  private long runningRun(String spec) {
    long id =
        runs.enqueue(new RunRequest(spec, "ingest-tests", "quick", "europarl", "manual"), null);
    tries.put(id, runs.start(id).orElseThrow());
    return id;
  }
}
