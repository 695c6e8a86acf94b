package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.StepResult;
import org.nightbench.ingest.ResultIngester;
import org.nightbench.ingest.TestResults;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.annotation.Transactional;

/**
 * Issue 32's luceneutil-reduced search QPS, from a run's result files to the pages: it becomes a
 * series of its own beside {@code qps}, says how it is computed, stays off the overview's default
 * rows and is reached from its category's other figures. Each test rolls back.
 */
@SpringBootTest
@ActiveProfiles("test")
@Transactional
class LuceneutilFigureTests {

  @Autowired ResultIngester ingester;
  @Autowired SeriesService service;
  @Autowired JdbcClient jdbc;

  @Test
  void aRunsLuceneutilQpsBecomesItsOwnSeriesWithEveryJvmsValue() {
    String machine = "lu-figure-series";
    ingest(machine);

    assertThat(
            jdbc.sql(
                    "select s.metric || ' ' || s.unit || ' ' || s.higher_is_better || ' '"
                        + " || m.value || ' ' || m.samples::text from series s"
                        + " join measurement m on m.series_id = s.id"
                        + " where s.machine = :machine and s.task = 'HighTerm' order by s.metric")
                .param("machine", machine)
                .query(String.class)
                .list())
        .containsExactly(
            "qps queries/s true 105 {100,110}", "qpsLuceneutil queries/s true 125 {120,130}");
    Series luceneutil = series(machine, "qpsLuceneutil");
    assertThat(luceneutil.metricDescription())
        .startsWith("as luceneutil's report")
        .contains("first 3", "slowest 10 %", "median");
    assertThat(series(machine, "qps").metricDescription()).contains("median latency");
  }

  /** The machine names avoid "luceneutil": the text filter matches identities too. */
  @Test
  void theOverviewListsItOnlyWhenTheFilterNamesIt() {
    String machine = "lu-figure-overview";
    ingest(machine);

    Overview unasked = service.overview(OverviewFilter.parse(null, machine, null, null));
    assertThat(metricsOn(unasked)).containsExactly("qps");
    assertThat(unasked.unlisted()).as("the series the page says it left off").isEqualTo(1);
    assertThat(metricsOn(service.overview(OverviewFilter.parse(null, machine, "HighTerm", null))))
        .containsExactly("qps");
    assertThat(metricsOn(service.overview(OverviewFilter.parse(null, machine, "luceneutil", null))))
        .containsExactly("qpsLuceneutil");
    assertThat(service.overview(OverviewFilter.parse(null, machine, "luceneutil", null)).unlisted())
        .isZero();
    assertThat(metricsOn(service.overview(OverviewFilter.parse(null, machine, "qps", null))))
        .containsExactlyInAnyOrder("qps", "qpsLuceneutil");
  }

  @Test
  void theSeriesPageReachesItFromTheSameQueriesOtherFigures() {
    String machine = "lu-figure-page";
    ingest(machine);
    Series qps = series(machine, "qps");

    assertThat(service.qpsFigures(qps))
        .extracting(Series::metric)
        .containsExactly("qps", "qpsLuceneutil");
    assertThat(service.qpsFigures(series(machine, "qpsLuceneutil")))
        .extracting(Series::id)
        .containsExactlyElementsOf(service.qpsFigures(qps).stream().map(Series::id).toList());
  }

  /** Two search JVMs of one run, each with both figures of HighTerm. */
  private void ingest(String machine) {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus, reason, status,"
                    + " started_at) values ('maven:9.12.3', :machine, 'quick', 'europarl',"
                    + " 'manual', 'running', now()) returning id")
            .param("machine", machine)
            .query(Long.class)
            .single();
    ingester.ingest(
        TestResults.context(run, machine),
        List.of(
            new StepResult("search JVM 1/2", jvm(100, 120)),
            new StepResult("search JVM 2/2", jvm(110, 130))));
  }

  private static HarnessResult jvm(double qps, double luceneutil) {
    return TestResults.result(
        "search",
        new Metric("search", "HighTerm", "qps", "queries/s", true, qps, Map.of()),
        new Metric(
            "search",
            "HighTerm",
            "qpsLuceneutil",
            "queries/s",
            true,
            luceneutil,
            Map.of("warmSkip", 3)));
  }

  private Series series(String machine, String metric) {
    long id =
        jdbc.sql("select id from series where machine = :machine and metric = :metric")
            .param("machine", machine)
            .param("metric", metric)
            .query(Long.class)
            .single();
    return service.get(id);
  }

  private static List<String> metricsOn(Overview overview) {
    return overview.groups().stream()
        .flatMap(g -> g.rows().stream())
        .map(row -> row.series().metric())
        .toList();
  }
}
