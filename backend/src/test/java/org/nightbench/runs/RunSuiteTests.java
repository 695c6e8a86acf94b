package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.nightbench.ingest.DeclaredMetrics;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The whole suite on a small corpus with short durations: every benchmark stored as series, with
 * its curves, raw result files, query answers, machine state and calibration; then what a second
 * run says about the first; then benchmarks that crash and hang.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RunSuiteTests {

  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;
  @Autowired MockMvc mvc;

  private static long firstRun;

  @Test
  @Order(1)
  void everyBenchmarkOfTheSuiteIsStoredWithItsCurvesAndAnswers() throws Exception {
    Run run = runs.enqueue("maven:9.12.3", "suite", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run done = runs.find(run.id()).orElseThrow();
    firstRun = run.id();

    assertThat(done.error()).isNull();
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    // Every metric the suite's result files carry is its definition's; the vector benchmarks'
    // are checked by VectorRunTests and VectorIndexingRunTests.
    assertThat(DeclaredMetrics.assertDeclared(jdbc, run.id()))
        .contains(
            "indexing",
            "search",
            "pk",
            "facets",
            "nrt",
            "load",
            "checkIndex",
            "storedFields",
            "calibration");
    assertThat(seriesOf(run.id()))
        .contains(
            "indexing/1kb-docs/docsPerSec",
            "indexing/1kb-docs/gbPerHour",
            "indexing/1kb-docs/flushSeconds",
            "indexing/1kb-docs/mergeSeconds",
            "indexing/1kb-docs/gcCount",
            "indexing/1kb-docs/jitSeconds",
            "indexing/1kb-docs/peakHeapMB",
            "indexing/4kb-docs-deterministic/docsPerSec",
            "search/HighTerm/qps",
            "search/HighTerm/qpsFastest",
            "pk/sequential/lookupsPerSec",
            "pk/random/lookupsPerSec",
            "facets/RandomLabel.taxonomy/countsMs",
            "facets/RandomLabel.sortedset/countsMs",
            "facets/RandomLabel.taxonomy/topChildrenMs",
            "facets/RandomLabel.sortedset/allChildrenMs",
            "nrt/plain/reopenP50Ms",
            "nrt/plain/reopenP99Ms",
            "nrt/plain/reopenMaxMs",
            "nrt/plain/searchQps",
            "load/mmap/capacityQps",
            "load/bytebuffers/capacityQps",
            "calibration/machine/score",
            // The nightly's other measurements (issue 15).
            "storedFields/speed/indexSeconds",
            "storedFields/compression/storeMB",
            "storedFields/compression/retrieveNanosPerDoc",
            "checkIndex/1kb-docs/seconds",
            "pk/random-default/lookupsPerSec",
            "pk/random-Direct/lookupsPerSec",
            "pk/sequential-Direct/lookupsPerSec");
    // Dropping the OS cache needs root and a writable /proc/sys/vm/drop_caches: measured where
    // the machine allows it, else a note on the run saying why not.
    List<String> notes =
        jdbc.sql("select unnest(notes) from run where id = :run")
            .param("run", run.id())
            .query(String.class)
            .list();
    if (seriesOf(run.id()).contains("coldCache/search/coldQueryMs")) {
      assertThat(seriesOf(run.id()))
          .contains("coldCache/search/warmQueryMs", "coldCache/search/firstQueryMs");
    } else {
      assertThat(notes).anyMatch(n -> n.startsWith("cold page cache search: skipped, "));
    }
    assertThat(
            jdbc.sql(
                    "select benchmark || '/' || task || '/' || name from run_curve"
                        + " where run_id = :run order by position")
                .param("run", run.id())
                .query(String.class)
                .list())
        .contains(
            "search/all/roundLatency",
            "nrt/plain/reopenLatency",
            "nrt/plain/searchQps",
            "load/mmap/latencyVsLoad",
            "load/bytebuffers/latencyVsLoad");
    assertThat(count("select count(*) from run_result where run_id = :run", run.id()))
        .as(
            "every JVM's result file: 2 calibrations, 2 indexings, 2 searches, pk, facet timings,"
                + " nrt, 2 loads, pk-postings, check-index, cold-search, 2 stored fields")
        .isEqualTo(16);
    assertThat(count("select count(*) from run_query_result where run_id = :run", run.id()))
        .isPositive();
    // Each search JVM's stored result says how long warm-up took and why it ended.
    assertThat(
            jdbc.sql(
                    "select m -> 'detail' ->> 'warmupEnd' from run_result r,"
                        + " jsonb_array_elements(r.result -> 'metrics') m"
                        + " where r.run_id = :run and m ->> 'name' = 'warmupSec'")
                .param("run", run.id())
                .query(String.class)
                .list())
        .hasSize(2)
        .allSatisfy(
            end ->
                assertThat(end)
                    .isIn("compiled", "settled", "capped-compiling", "capped-unsettled"));
    assertThat(
            jdbc.sql(
                    "select calibration_before > 0 and calibration_after > 0"
                        + " and machine_state ->> 'kernel' is not null from run where id = :run")
                .param("run", run.id())
                .query(Boolean.class)
                .single())
        .isTrue();

    mvc.perform(get("/api/runs/{id}/insights", run.id()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.calibrationBefore").isNumber())
        .andExpect(jsonPath("$.disturbedReason").doesNotExist())
        // Each search JVM's warm-up rounds, NRT reopens and QPS, a load sweep per Directory.
        .andExpect(jsonPath("$.curves.length()").value(6));
    int labels =
        jdbc.sql("select cardinality(labels) from run_curve where run_id = :run and position = 0")
            .param("run", run.id())
            .query(Integer.class)
            .single();
    mvc.perform(get("/api/runs/{id}/curves/0", run.id()))
        .andExpect(status().isOk())
        // Each row is x and then one value per label.
        .andExpect(jsonPath("$[0].length()").value(labels + 1));
    // The same rows as a CSV download, headed by the x label and the curve's labels.
    String curveCsv =
        mvc.perform(get("/api/runs/{id}/curves/0.csv", run.id()))
            .andExpect(status().isOk())
            .andExpect(content().contentTypeCompatibleWith("text/csv"))
            .andReturn()
            .getResponse()
            .getContentAsString();
    String[] curveLines = curveCsv.split("\n");
    assertThat(curveLines[0].split(",")).hasSize(labels + 1);
    assertThat(curveLines.length - 1)
        .isEqualTo(
            jdbc.sql(
                    "select jsonb_array_length(rows) from run_curve"
                        + " where run_id = :run and position = 0")
                .param("run", run.id())
                .query(Integer.class)
                .single());
    mvc.perform(get("/runs/{id}", run.id()))
        .andExpect(status().isOk())
        .andExpect(content().string(org.hamcrest.Matchers.containsString("Inside the run")))
        .andExpect(content().string(org.hamcrest.Matchers.containsString("Calibration")));
    long nrtSeries =
        jdbc.sql(
                "select s.id from series s join measurement m on m.series_id = s.id"
                    + " where m.run_id = :run and s.benchmark = 'nrt' and s.metric = 'reopenP99Ms'")
            .param("run", run.id())
            .query(Long.class)
            .single();
    mvc.perform(get("/series/{id}", nrtSeries))
        .andExpect(status().isOk())
        .andExpect(content().string(org.hamcrest.Matchers.containsString("Inside the newest run")))
        .andExpect(
            content()
                .string(
                    org.hamcrest.Matchers.containsString("/api/runs/" + run.id() + "/curves/")));
  }

  @Test
  @Order(2)
  void aSecondRunFlagsChangedAnswersAndACalibrationFarFromTheMachinesHistory() throws Exception {
    assertThat(firstRun).as("the first test ran").isPositive();
    // As if the first run had seen another hit count for one query, on a box 100 times slower.
    jdbc.sql(
            "update run_query_result set hits = hits + 1 where run_id = :run and (category,"
                + " query_no) = (select category, query_no from run_query_result"
                + " where run_id = :run order by category, query_no limit 1)")
        .param("run", firstRun)
        .update();
    // Both scores, so the run held steady, and an idle box: a quiet run, a baseline of one.
    jdbc.sql(
            "update run set calibration_before = calibration_before / 100,"
                + " calibration_after = calibration_after / 100,"
                + " machine_state = jsonb_set(machine_state, '{loadAverage}', '0') where id = :run")
        .param("run", firstRun)
        .update();

    Run run = runs.enqueue("maven:9.12.3", "suite", null, "manual");
    QueuedRuns.runAll(dataSource, worker);

    RunInsights insights = runs.insights(run.id()).orElseThrow();
    assertThat(runs.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(insights.previousRunId()).isEqualTo(firstRun);
    assertThat(insights.changedQueries())
        .singleElement()
        .satisfies(change -> assertThat(change.hits()).isEqualTo(change.previousHits() - 1));
    assertThat(insights.disturbedReason()).contains("from this machine's recent median");
    mvc.perform(get("/runs/{id}", run.id()))
        .andExpect(status().isOk())
        .andExpect(content().string(org.hamcrest.Matchers.containsString("machine disturbed")))
        .andExpect(content().string(org.hamcrest.Matchers.containsString("Behaviour changes")));
    mvc.perform(get("/api/runs/{id}/query-changes", run.id()))
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].hits").value(insights.changedQueries().get(0).hits()));
    String queryCsv =
        mvc.perform(get("/api/runs/{id}/query-changes.csv", run.id()))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(queryCsv.split("\\n"))
        .hasSize(2)
        .startsWith("category,query_no,query,previous_hits,hits,top_changed");
    assertThat(
            mvc.perform(get("/api/runs/recent.csv")).andReturn().getResponse().getContentAsString())
        .contains("\n" + run.id() + ",maven:9.12.3,9.12.3,");
  }

  @Test
  @Order(3)
  void benchmarksThatHangOrCrashFailAloneAndTheOthersResultsAreKept() {
    Run run = runs.enqueue("maven:9.12.3", "broken-benchmarks", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run done = runs.find(run.id()).orElseThrow();

    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error())
        .startsWith("2 benchmarks failed, the others' results are kept: ")
        .contains("NRT forever: timed out after 20s")
        .contains("load sweep on mmap: ")
        .doesNotContain("\n");
    assertThat(seriesOf(run.id()))
        .contains("indexing/default/docsPerSec", "search/HighTerm/qps")
        .noneMatch(series -> series.startsWith("nrt/") || series.startsWith("load/"));
    assertThat(runs.log(run.id(), 0))
        .contains("== NRT forever", "== load sweep on mmap")
        .anyMatch(line -> line.startsWith("FAILED: 2 benchmarks failed"));
  }

  private List<String> seriesOf(long runId) {
    return jdbc.sql(
            "select s.benchmark || '/' || s.task || '/' || s.metric from series s"
                + " join measurement m on m.series_id = s.id where m.run_id = :run")
        .param("run", runId)
        .query(String.class)
        .list();
  }

  private long count(String sql, long runId) {
    return jdbc.sql(sql).param("run", runId).query(Long.class).single();
  }
}
