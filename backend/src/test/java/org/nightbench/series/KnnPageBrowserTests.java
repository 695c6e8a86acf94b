package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The KNN page and the run page's recall curve in Chromium, from two real runs of the {@code
 * vectors} profile (the harness's KNN step on Lucene 9.12.3, ingested as every run is): a chart per
 * KNN metric with a line per format and fanout, each format's frontier drawn from the same night's
 * recall and latency, with its fanouts as labels, and nights kept in the address.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class KnnPageBrowserTests {

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;

  /**
   * A frontier's line joins its points by fanout: int7 answered fanout 20 faster than fanout 10,
   * and a line in latency order would go 20, 10, 50.
   */
  @Test
  @SuppressWarnings("unchecked")
  void aFrontierJoinsItsPointsInFanoutOrder() {
    ChromeDriver browser = CHROMIUM.browser();
    browser.get("http://localhost:" + port + "/knn");
    browser.manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(30));
    List<List<Number>> joined =
        (List<List<Number>>)
            browser.executeAsyncScript(
                """
                const done = arguments[arguments.length - 1];
                import('/js/knn-frontier.js').then(m => {
                  const [chart, key, values] = ['div', 'div', 'div'].map(t => document.createElement(t));
                  chart.style.cssText = 'width: 600px; height: 300px';
                  document.body.append(chart, key, values);
                  const g = m.drawFrontier(chart, key, values, [{label: 'int7', color: '#1a5fb4',
                    pattern: null, points: [{fanout: 10, latency: 2.0, recall: 0.80},
                      {fanout: 20, latency: 1.5, recall: 0.90}, {fanout: 50, latency: 3.0, recall: 0.95}]}]);
                  done(g.joinedFanouts);
                });
                """);
    assertThat(joined).hasSize(1);
    assertThat(joined.get(0)).extracting(Number::intValue).containsExactly(10, 20, 50);
  }

  @Test
  void theKnnPageDrawsEveryFormatAndItsFrontierFromTwoRealRuns() {
    Run first = runs.enqueue("maven:9.12.3", "vectors", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run second = runs.enqueue("maven:9.12.3", "vectors", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    for (Run run : List.of(first, second)) {
      Run done = runs.find(run.id()).orElseThrow();
      assertThat(done.status()).as("error: %s", done.error()).isEqualTo(RunStatus.SUCCEEDED);
    }
    Map<String, Object> setting =
        jdbc.sql(
                "select distinct s.machine, s.jdk, s.corpus, s.profile from series s"
                    + " join measurement m on m.series_id = s.id"
                    + " where s.benchmark = 'knn' and m.run_id = ?")
            .param(second.id())
            .query()
            .singleRow();
    String url =
        "http://localhost:"
            + port
            + "/knn?machine="
            + setting.get("machine")
            + "&jdk="
            + setting.get("jdk")
            + "&corpus="
            + setting.get("corpus")
            + "&profile="
            + setting.get("profile");
    ChromeDriver browser = CHROMIUM.browser();
    browser.get(url);
    awaitKnn(browser);

    // A chart per metric the runs measured, a line per format and fanout (bq: not in 9.12).
    @SuppressWarnings("unchecked")
    Map<String, List<String>> charts =
        (Map<String, List<String>>)
            browser.executeScript(
                "const out = {};"
                    + " for (const g of window.nightbenchKnn.charts) {"
                    + "   out[g.metric] = g.getLabels().slice(1); }"
                    + " return out;");
    assertThat(charts)
        .containsKeys(
            "recall", "latencyMeanMs", "latencyP99Ms", "cpuMs", "indexSeconds", "indexMB");
    assertThat(charts.get("recall"))
        .containsExactly("hnsw fanout 0", "hnsw fanout 50", "int7 fanout 0", "int7 fanout 50");
    assertThat(charts.get("indexMB")).containsExactly("hnsw", "int7");
    // The searched graph's connectivity: a line per format and HNSW level, level 0 first.
    assertThat(charts)
        .containsKeys(
            "stronglyConnectedComponents",
            "outsideLargestComponentPct",
            "largestComponent1",
            "largestComponent5");
    assertThat(charts.get("stronglyConnectedComponents"))
        .startsWith("hnsw level 0")
        .contains("int7 level 0")
        .allMatch(label -> label.matches("(hnsw|int7) level \\d+"));

    // The frontier: the newest night against the oldest, each format's points that night's.
    @SuppressWarnings("unchecked")
    List<Number> nights =
        (List<Number>) browser.executeScript("return window.nightbenchKnn.nights();");
    assertThat(nights.get(0).longValue()).isEqualTo(second.id());
    assertThat(nights.get(1).longValue()).isNotEqualTo(second.id());
    assertFrontier(browser, second.id(), 0);
    assertThat(fanoutLabels(browser, "hnsw")).contains("0", "50");

    // The first run against the second, chosen: the address keeps both, a reload draws the same.
    new Select(browser.findElement(By.id("frontier-vs")))
        .selectByValue(String.valueOf(second.id()));
    new Select(browser.findElement(By.id("frontier-at"))).selectByValue(String.valueOf(first.id()));
    assertFrontier(browser, first.id(), 0);
    assertFrontier(browser, second.id(), 1);
    String kept = browser.getCurrentUrl();
    assertThat(kept).contains("at=" + first.id()).contains("vs=" + second.id());
    browser.get(kept);
    awaitKnn(browser);
    assertFrontier(browser, first.id(), 0);
    assertFrontier(browser, second.id(), 1);

    // The API answers the page's layout: each frontier line names its recall and latency series.
    browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
    @SuppressWarnings("unchecked")
    Map<String, Object> line =
        (Map<String, Object>)
            browser.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + " fetch('/api/series/knn' + location.search).then(r => r.json())"
                    + "  .then(k => done(k.frontier.find(l => l.format === 'int7' && l.fanout === 50)));");
    assertThat(line).isNotNull();
    assertThat(taskAndMetric(((Number) line.get("recallSeriesId")).longValue()))
        .isEqualTo("int7-fanout50 recall");
    assertThat(taskAndMetric(((Number) line.get("latencySeriesId")).longValue()))
        .isEqualTo("int7-fanout50 latencyMeanMs");

    // The run page's curve: recall on y from 0 to 1, latency on x, the fanouts as labels.
    browser.get("http://localhost:" + port + "/runs/" + second.id());
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(
            d -> !d.findElements(By.cssSelector("#run-curves .curve-chart[data-drawn]")).isEmpty());
    @SuppressWarnings("unchecked")
    Map<String, Object> curve =
        (Map<String, Object>)
            browser.executeScript(
                "const div = [...document.querySelectorAll('#run-curves .curve-chart')]"
                    + "  .find(d => d.dataset.curveLabel === 'hnsw');"
                    + " const g = div.chart;"
                    + " return {labels: g.getLabels(), y: g.yAxisRange(), xLabel: g.getOption('xlabel'),"
                    + "  fanouts: (g.fanoutLabels ?? []).map(l => l.fanout),"
                    + "  key: div.previousElementSibling.previousElementSibling.textContent};");
    assertThat((List<?>) curve.get("labels")).hasSize(2);
    assertThat(((List<?>) curve.get("y")).get(0)).isEqualTo(0L);
    assertThat(((Number) ((List<?>) curve.get("y")).get(1)).doubleValue()).isBetween(1.0, 1.1);
    assertThat((String) curve.get("xLabel")).contains("latency");
    assertThat(((List<?>) curve.get("fanouts")).stream().map(String::valueOf))
        .containsExactlyInAnyOrder("0", "50"); // in latency order, which a busy machine may swap
    assertThat((String) curve.get("key")).contains("hnsw");

    // A 10.x release through the same path: the profile's 300 vectors are fewer than Lucene 10
    // builds a graph for (it searches such a segment exactly), so each format says so instead of
    // charting a graph it does not have; KnnCommandTest counts a 10.x graph's components.
    Run ten = runs.enqueue("maven:10.6.0", "vectors", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run tenDone = runs.find(ten.id()).orElseThrow();
    assertThat(tenDone.status()).as("error: %s", tenDone.error()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(
            jdbc.sql(
                    "select count(*) from measurement m join series s on s.id = m.series_id"
                        + " where m.run_id = ? and s.benchmark = 'knn' and s.metric = 'recall'")
                .param(ten.id())
                .query(Long.class)
                .single())
        .isPositive();
    assertThat(
            jdbc.sql(
                    "select line from run_log where run_id = ?"
                        + " and line like '%graph connectivity skipped%' order by line_no")
                .param(ten.id())
                .query(String.class)
                .list())
        .allSatisfy(
            logged ->
                assertThat(logged)
                    .contains("no segment of 300 vectors has an HNSW graph (Lucene 10.6.0"))
        .anyMatch(logged -> logged.contains("knn hnsw: graph connectivity skipped"))
        .anyMatch(logged -> logged.contains("knn int7: graph connectivity skipped"))
        .anyMatch(logged -> logged.contains("knn bq: graph connectivity skipped"));
  }

  private String taskAndMetric(long seriesId) {
    return jdbc.sql("select task || ' ' || metric from series where id = ? and benchmark = 'knn'")
        .param(seriesId)
        .query(String.class)
        .single();
  }

  private static void awaitKnn(ChromeDriver browser) {
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(d -> browser.executeScript("return window.nightbenchKnn != null") == Boolean.TRUE);
  }

  /**
   * The hnsw frontier's curve {@code curve} (0 the night, 1 the compared one) holds exactly the
   * night's recall and mean latency of each fanout, as ingested.
   */
  private void assertFrontier(ChromeDriver browser, long runId, int curve) {
    @SuppressWarnings("unchecked")
    List<List<Number>> drawn =
        (List<List<Number>>)
            browser.executeScript(
                "const g = window.nightbenchKnn.frontier.find(f => f.format === 'hnsw');"
                    + " const out = [];"
                    + " for (let r = 0; r < g.numRows(); r++) {"
                    + "   const y = g.getValue(r, arguments[0] + 1);"
                    + "   if (y != null) out.push([g.getValue(r, 0), y]); }"
                    + " return out;",
                curve);
    Map<String, Double> values = new HashMap<>();
    jdbc.sql(
            "select s.task || ' ' || s.metric as k, m.value from measurement m"
                + " join series s on s.id = m.series_id where m.run_id = ? and s.benchmark = 'knn'"
                + " and s.task like 'hnsw-fanout%' and s.metric in ('recall', 'latencyMeanMs')")
        .param(runId)
        .query((rs, n) -> values.put(rs.getString("k"), rs.getDouble("value")))
        .list();
    // The points in latency order, as the chart holds them.
    List<double[]> expected =
        java.util.stream.Stream.of(0, 50)
            .map(
                fanout ->
                    new double[] {
                      values.get("hnsw-fanout" + fanout + " latencyMeanMs"),
                      values.get("hnsw-fanout" + fanout + " recall")
                    })
            .sorted(java.util.Comparator.comparingDouble(p -> p[0]))
            .toList();
    assertThat(drawn).as("hnsw frontier of run %d", runId).hasSize(2);
    // The points API sends six significant digits (SignificantDigits): a part in 10^5 is the
    // tolerance, not an absolute 1e-5, which a 10.922035 ms latency (a busy machine) exceeded.
    for (int i = 0; i < 2; i++) {
      assertThat(drawn.get(i).get(0).doubleValue())
          .isCloseTo(expected.get(i)[0], withinPercentage(0.001));
      assertThat(drawn.get(i).get(1).doubleValue())
          .isCloseTo(expected.get(i)[1], withinPercentage(0.001));
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> fanoutLabels(ChromeDriver browser, String format) {
    return (List<String>)
        browser.executeScript(
            "return window.nightbenchKnn.frontier.find(f => f.format === arguments[0])"
                + ".fanoutLabels.map(l => String(l.fanout));",
            format);
  }
}
