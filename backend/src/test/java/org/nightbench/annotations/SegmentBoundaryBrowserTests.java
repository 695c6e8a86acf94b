package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.Axe;
import org.nightbench.browser.BrowserSession;
import org.nightbench.ingest.RunIngested;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A series whose nrt reopen interval changed after ten nights, ingested as runs are (their
 * RunIngested published in the storing transaction): the series page draws it as one line with a
 * solid dark mark at the first night of the new segment, and lists the automatic annotation naming
 * the setting under the chart, at a desktop's width and a phone's, axe-core clean.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class SegmentBoundaryBrowserTests {

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  private static final Instant DAY0 = Instant.parse("2024-06-01T02:00:00Z");
  private static final String CHANGE = "benchmark changed: nrt reopen-interval-ms 100 → 50";

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired TransactionTemplate transactions;
  @Autowired ApplicationEventPublisher events;

  @Test
  void theChartMarksTheNewSegmentAndItsAnnotationNamesTheSetting() {
    String machine = "segment-" + UUID.randomUUID().toString().substring(0, 8);
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, 'nrt', 'plain', 'reopenMeanMs',"
                    + " 'ms', false, ?, '25', 'c', 'nightly') returning id")
            .params(UUID.randomUUID().toString(), machine)
            .query(Long.class)
            .single();
    List<Long> runs = new ArrayList<>();
    transactions.executeWithoutResult(
        tx -> {
          for (int night = 0; night < 15; night++) {
            long run = night(series, machine, night, night < 10 ? "100" : "50");
            runs.add(run);
            events.publishEvent(new RunIngested(run, List.of(series)));
          }
        });
    long first = runs.get(10);

    ChromeDriver browser = CHROMIUM.browser();
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    wait.ignoring(StaleElementReferenceException.class);
    for (int width : new int[] {1400, 390}) {
      browser.manage().window().setSize(new Dimension(width, 1000));
      browser.get("http://localhost:" + port + "/series/" + series);
      wait.until(
          d ->
              browser.executeScript(
                  "return window.nightbenchChart != null"
                      + " && nightbenchChart.segmentBoundaries != null"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> boundaries =
          (List<Map<String, Object>>)
              browser.executeScript("return nightbenchChart.segmentBoundaries");
      assertThat(boundaries).as("at " + width).hasSize(1);
      assertThat(((Number) boundaries.get(0).get("runId")).longValue()).isEqualTo(first);
      assertThat(darkAtBoundary(browser)).as("the mark drawn at " + width).isTrue();
      assertThat(browser.findElement(By.id("chart-annotations")).getText())
          .as("at " + width)
          .contains(CHANGE);
      assertThat(new Axe().violations(browser)).as("at " + width).isEmpty();
    }
  }

  /** One night's run and point, measured with {@code reopenMs}, as ingestion stores it. */
  private long night(long series, String machine, int night, String reopenMs) {
    String hash = (reopenMs + "0".repeat(64)).substring(0, 64);
    jdbc.sql(
            "insert into benchmark_settings (hash, type, settings) values (?, 'nrt',"
                + " cast(? as jsonb)) on conflict do nothing")
        .params(
            hash, "{\"type\":\"nrt\",\"settings\":{\"reopen-interval-ms\":\"" + reopenMs + "\"}}")
        .update();
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                    + " values ('git:main', '11.0.0', ?, 'nightly', 'c', 'succeeded')"
                    + " returning id")
            .param(machine)
            .query(Long.class)
            .single();
    double value = 40 + (night % 3);
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, samples, settings_hash,"
                + " measuring_version) values (?, ?, ?, ?, ?, ?, 1)")
        .params(
            series,
            run,
            Timestamp.from(DAY0.plusSeconds(86_400L * night)),
            value,
            new Double[] {value},
            hash)
        .update();
    return run;
  }

  /** Whether the plot is dark on the boundary's line near its top, above the data. */
  private static boolean darkAtBoundary(ChromeDriver browser) {
    @SuppressWarnings("unchecked")
    List<Number> rgb =
        (List<Number>)
            browser.executeScript(
                "const g = nightbenchChart; const m = g.segmentBoundaries[0];"
                    + "const area = g.getArea(); const c = g.hidden_;"
                    + "const k = c.width / c.clientWidth;"
                    + "const d = c.getContext('2d').getImageData(Math.round(m.x * k),"
                    + " Math.round((area.y + 3) * k), 1, 1).data;"
                    + "return [d[0], d[1], d[2], d[3]];");
    return rgb.get(3).intValue() > 200
        && rgb.get(0).intValue() < 80
        && rgb.get(1).intValue() < 80
        && rgb.get(2).intValue() < 80;
  }
}
