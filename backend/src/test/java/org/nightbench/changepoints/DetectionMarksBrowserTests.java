package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.nightbench.users.Role;
import org.nightbench.users.UserAccounts;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * An editor tells detection about a series from its page in headless Chromium, as a person would:
 * excludes a night from the hovered point's legend (it turns grey on the chart), marks the detected
 * step as an expected change (the alert goes), sets and resets the series' smallest step, and takes
 * the night back from the list. Anonymous visitors see the evidence and the marks but no controls.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class DetectionMarksBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final String PASSWORD = "a long enough secret";

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired UserAccounts accounts;
  @Autowired ChangePointDetection detection;

  private ChromeDriver browser;
  private JavascriptExecutor js;
  private WebDriverWait wait;

  @BeforeEach
  void theSharedBrowser() {
    browser = CHROMIUM.browser();
    js = browser;
    // The lists and the chart are drawn anew after every change: an element may go stale.
    wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);
  }

  @Test
  void anEditorExcludesANightMarksAnExpectedChangeAndSetsTheSmallestStep() throws IOException {
    SeriesFixture series = new SeriesFixture(jdbc);
    List<Long> runs = series.nights(0, 40, 100);
    runs.addAll(series.nights(40, 40, 90));
    detection.detectAll(series.id);
    assertThat(series.changeRuns()).hasSize(1);
    int step = runs.indexOf(series.changeRuns().get(0));
    String page = "http://localhost:" + port + "/series/" + series.id;

    // Anonymous: the change point with its evidence, but nothing to change.
    browser.manage().deleteAllCookies();
    browser.get(page);
    waitForChart();
    wait.until(d -> section(".detection-changes").getText().contains("σ"));
    assertThat(section(".detection-changes").getText()).contains("regression", "p ", "noise", "φ");
    assertThat(section(".detection-min").getText()).isEqualTo("1 %");
    hover(10);
    assertThat(legend().getText()).contains("run " + runs.get(10)).doesNotContain("exclude");
    assertThat(browser.findElements(By.cssSelector("#detection form.sensitivity"))).isEmpty();

    signIn();
    browser.get(page);
    waitForChart();
    assertThat(greyAt(10)).as("not excluded yet").isFalse();

    // Exclude night 10 from its legend: it is listed, stored, and drawn grey.
    clickLegendLink(10, "exclude");
    Alert prompt = wait.until(ExpectedConditions.alertIsPresent());
    prompt.sendKeys("disk <b>full</b>");
    prompt.accept();
    wait.until(d -> section(".detection-excluded").getText().contains("run " + runs.get(10)));
    assertThat(section(".detection-excluded").getText()).contains("disk <b>full</b>");
    assertThat(
            jdbc.sql("select run_id from detection_mark where series_id = ? and kind = 'excluded'")
                .param(series.id)
                .query(Long.class)
                .list())
        .containsExactly(runs.get(10));
    waitForChart();
    assertThat(greyAt(10)).as("excluded night is grey").isTrue();
    assertThat(greyAt(11)).as("its neighbour is not").isFalse();
    hover(10);
    assertThat(legend().getText()).contains("left out of detection", "include");
    screenshot("detection-excluded");

    // The detected step was a planned benchmark change: mark it expected; the alert goes.
    clickLegendLink(step, "expected change");
    prompt = wait.until(ExpectedConditions.alertIsPresent());
    prompt.sendKeys("new task file");
    prompt.accept();
    wait.until(d -> section(".detection-expected").getText().contains("new task file"));
    wait.until(d -> section(".detection-changes").getText().startsWith("None"));
    assertThat(series.changeRuns()).isEmpty();
    js.executeScript("document.getElementById('detection').scrollIntoView()");
    screenshot("detection-section");

    // The series' own smallest step, then back to the default.
    WebElement form = browser.findElement(By.cssSelector("#detection form.sensitivity"));
    form.findElement(By.name("percent")).sendKeys("20");
    form.findElement(By.cssSelector("button[type=submit]")).click();
    wait.until(d -> section(".detection-min").getText().equals("20 %"));
    assertThat(section(".detection-min-origin").getText()).contains("this series' own");
    assertThat(override(series.id)).containsExactly(0.2);
    form.findElement(By.name("percent")).clear();
    form.findElement(By.name("percent")).sendKeys("-5");
    form.findElement(By.cssSelector("button[type=submit]")).click();
    // The page refuses a negative step itself (and the API would: DetectionMarksApiTests).
    assertThat(
            js.executeScript(
                "return document.querySelector('#detection input[name=percent]').checkValidity()"))
        .isEqualTo(false);
    assertThat(override(series.id)).containsExactly(0.2);
    form.findElement(By.cssSelector("button.reset")).click();
    wait.until(d -> section(".detection-min").getText().equals("1 %"));
    assertThat(override(series.id)).isEmpty();

    // Take the night back from the list, and the expected change too: the step is an alert again.
    section(".detection-excluded").findElement(By.cssSelector("button.remove")).click();
    wait.until(d -> section(".detection-excluded").getText().startsWith("None"));
    section(".detection-expected").findElement(By.cssSelector("button.remove")).click();
    wait.until(d -> section(".detection-changes").getText().contains("regression"));
    assertThat(series.changeRuns()).hasSize(1);
    waitForChart();
    assertThat(greyAt(10)).as("included again").isFalse();
  }

  private void signIn() {
    String editor = "ed-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(editor, PASSWORD, Role.EDITOR, "test");
    browser.get("http://localhost:" + port + "/login");
    browser.findElement(By.name("username")).sendKeys(editor);
    browser.findElement(By.name("password")).sendKeys(PASSWORD);
    browser.findElement(By.cssSelector("button[type=submit]")).click();
    wait.until(driver -> !browser.getCurrentUrl().contains("/login"));
  }

  private void waitForChart() {
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));
  }

  private WebElement section(String selector) {
    return browser.findElement(By.cssSelector("#detection " + selector));
  }

  private WebElement legend() {
    return browser.findElement(By.id("chart-legend"));
  }

  private List<Double> override(long seriesId) {
    return jdbc.sql("select min_relative_change from detection_override where series_id = ?")
        .param(seriesId)
        .query(Double.class)
        .list();
  }

  /** Hovers row {@code row}'s point, leaves the chart straight up and clicks the legend's link. */
  private void clickLegendLink(int row, String text) {
    int[] point = hover(row);
    WebElement link =
        legend().findElements(By.cssSelector("a")).stream()
            .filter(a -> a.getText().equals(text))
            .findFirst()
            .orElseThrow();
    int legendY = link.getRect().getY() + link.getRect().getHeight() / 2;
    new Actions(browser).moveToLocation(point[0], legendY).perform();
    new Actions(browser).moveToElement(link).click().perform();
  }

  /** Moves the mouse onto row {@code row}'s point; where it is, in the viewport. */
  private int[] hover(int row) {
    js.executeScript("document.getElementById('chart').scrollIntoView({block: 'center'})");
    Map<?, ?> at =
        (Map<?, ?>)
            js.executeScript(
                "const g = nightbenchChart;"
                    + "const [x, y] = g.toDomCoords(g.getValue(arguments[0], 0),"
                    + " g.getValue(arguments[0], 1)[0]);"
                    + "const r = document.querySelector('#chart canvas').getBoundingClientRect();"
                    + "return {x: r.left + x, y: r.top + y};",
                row);
    int[] point = {
      (int) Math.round(((Number) at.get("x")).doubleValue()),
      (int) Math.round(((Number) at.get("y")).doubleValue())
    };
    new Actions(browser).moveToLocation(point[0], point[1]).perform();
    return point;
  }

  /** Whether the chart's plot shows grey at the centre of row {@code row}'s point. */
  private boolean greyAt(int row) {
    @SuppressWarnings("unchecked")
    List<Number> rgb =
        (List<Number>)
            js.executeScript(
                "const g = nightbenchChart;"
                    + "const [x, y] = g.toDomCoords(g.getValue(arguments[0], 0),"
                    + " g.getValue(arguments[0], 1)[0]);"
                    + "const c = g.hidden_; const k = c.width / c.clientWidth;"
                    + "const d = c.getContext('2d').getImageData(Math.round(x * k),"
                    + " Math.round(y * k), 1, 1).data;"
                    + "return [d[0], d[1], d[2]];",
                row);
    int r = rgb.get(0).intValue(), g = rgb.get(1).intValue(), b = rgb.get(2).intValue();
    return Math.abs(r - g) < 12 && Math.abs(g - b) < 12 && r > 110 && r < 175;
  }

  private void screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
