package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.nightbench.ingest.RunIngested;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
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
 * A planted regression end to end in headless Chromium: a series of 60 quiet nights gets a night 10
 * % slower, ingested as a run is (its {@link RunIngested} event starts detection). The morning
 * after, the alerts page lists it with a "suspected" badge under its stage filter, and the series
 * chart draws the suspected marker; once more nights at the new level are ingested, the same alert
 * is confirmed (no badge) and the chart draws a confirmed change point in its place. The morning
 * digest on {@code /} names the suspected change among the machine's night.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class SuspectedChangeBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired ChangePointDetection detection;
  @Autowired TransactionTemplate transactions;
  @Autowired ApplicationEventPublisher events;

  private ChromeDriver browser;
  private JavascriptExecutor js;
  private WebDriverWait wait;

  /**
   * For detection, which runs after ingestion off the test's thread, behind whatever else the
   * shared test context queued there: a generous bound under load costs nothing when it is quick.
   */
  private WebDriverWait detected;

  @BeforeEach
  void theSharedBrowser() {
    browser = CHROMIUM.browser();
    js = browser;
    wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);
    detected = new WebDriverWait(browser, Duration.ofSeconds(180));
  }

  @Test
  void aPlantedRegressionIsSuspectedTheMorningAfterAndConfirmedLater() throws IOException {
    SeriesFixture series = new SeriesFixture(jdbc);
    series.nights(0, 60, 100);
    detection.detectAll(series.id);
    assertThat(series.stages()).isEmpty();

    // The night the regression lands, ingested: detection runs after the commit, off the thread.
    ingest(series, 60, 1, 90);
    detected
        .withMessage("a suspected change point")
        .until(d -> series.stages().stream().anyMatch(s -> s.endsWith(":suspected:untriaged")));
    long id = Long.parseLong(series.stages().get(0).split(":")[0]);

    browser.get("http://localhost:" + port + "/alerts?stage=suspected");
    WebElement row = wait.until(d -> d.findElement(By.id("alert-" + id)));
    assertThat(row.findElement(By.cssSelector(".badge.stage-suspected")).getText())
        .isEqualTo("suspected");
    assertThat(row.getText()).contains("MarkedTerm", "−");
    assertThat(checkbox("stage", "suspected").isSelected()).isTrue();
    assertThat(checkbox("stage", "confirmed").isSelected()).isFalse();
    screenshot("alerts-suspected");

    browser.get("http://localhost:" + port + "/series/" + series.id);
    assertThat(chartMarks()).containsExactly("suspected");
    assertThat(amberAtMarker()).as("the suspected marker's triangle is drawn amber").isTrue();
    wait.until(d -> !d.findElements(By.cssSelector("#detection li.stage-suspected")).isEmpty());
    screenshot("chart-suspected");

    // The morning digest opens the overview with the machine's newest night and its suspicion.
    browser.get("http://localhost:" + port + "/");
    WebElement night =
        wait.until(
            d ->
                d.findElement(
                    By.cssSelector(
                        "#morning-digest article[data-machine='" + series.machine + "']")));
    assertThat(
            night.findElement(By.cssSelector(".digest-suspected .badge.stage-suspected")).getText())
        .isEqualTo("1 suspected change");
    assertThat(night.findElement(By.cssSelector(".digest-suspected a")).getAttribute("href"))
        .endsWith("/alerts?stage=suspected&machine=" + series.machine);
    screenshot("digest-suspected");

    // A dozen more nights at the new level: the detector places the step, the alert is confirmed.
    ingest(series, 61, 12, 90);
    detected
        .withMessage("the suspected change point confirmed")
        .until(d -> series.stages().stream().allMatch(s -> s.endsWith(":confirmed:untriaged")));
    assertThat(series.stages()).singleElement().asString().startsWith(id + ":");

    // The series' own machine: /alerts lists 50 a page, and the shared test context holds other
    // tests' alerts too.
    browser.get("http://localhost:" + port + "/alerts?machine=" + series.machine);
    row = wait.until(d -> d.findElement(By.id("alert-" + id)));
    assertThat(row.findElements(By.cssSelector(".badge"))).isEmpty();
    assertThat(row.getAttribute("class")).contains("stage-confirmed");
    browser.get("http://localhost:" + port + "/alerts?stage=suspected");
    wait.until(d -> d.findElement(By.id("alert-filters")));
    assertThat(browser.findElements(By.id("alert-" + id))).isEmpty();

    browser.get("http://localhost:" + port + "/series/" + series.id);
    assertThat(chartMarks()).containsExactly("confirmed");
    assertThat(amberAtMarker()).as("no suspected marker any more").isFalse();
    screenshot("chart-confirmed");

    browser.get("http://localhost:" + port + "/");
    night =
        wait.until(
            d ->
                d.findElement(
                    By.cssSelector(
                        "#morning-digest article[data-machine='" + series.machine + "']")));
    assertThat(night.findElements(By.cssSelector(".digest-suspected"))).isEmpty();
  }

  /**
   * Stores {@code n} nights at {@code level} in one transaction, as ingestion of their runs does.
   */
  private void ingest(SeriesFixture series, int first, int n, double level) {
    List<Long> runs = new ArrayList<>();
    transactions.executeWithoutResult(
        tx -> {
          runs.addAll(series.nights(first, n, level));
          events.publishEvent(new RunIngested(runs.get(runs.size() - 1), List.of(series.id)));
        });
  }

  private WebElement checkbox(String name, String value) {
    return browser.findElement(
        By.cssSelector("#alert-filters input[name=" + name + "][value=" + value + "]"));
  }

  /** The stages of the change points the chart drew, once it has drawn. */
  @SuppressWarnings("unchecked")
  private List<String> chartMarks() {
    wait.until(
        d ->
            js.executeScript(
                "return window.nightbenchChart != null"
                    + " && nightbenchChart.changePointMarks != null"));
    return (List<String>)
        js.executeScript("return nightbenchChart.changePointMarks.map(m => m.stage)");
  }

  /** Whether the plot shows amber just right of the first marker, on its triangle's top edge. */
  private boolean amberAtMarker() {
    @SuppressWarnings("unchecked")
    List<Number> rgb =
        (List<Number>)
            js.executeScript(
                "const g = nightbenchChart; const m = g.changePointMarks[0];"
                    + "const area = g.getArea(); const c = g.hidden_;"
                    + "const k = c.width / c.clientWidth;"
                    + "const d = c.getContext('2d').getImageData(Math.round((m.x + 3) * k),"
                    + " Math.round((area.y + 1) * k), 1, 1).data;"
                    + "return [d[0], d[1], d[2]];");
    int r = rgb.get(0).intValue(), g = rgb.get(1).intValue(), b = rgb.get(2).intValue();
    return r > 150 && g > 80 && g < 180 && b < 100;
  }

  private void screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
