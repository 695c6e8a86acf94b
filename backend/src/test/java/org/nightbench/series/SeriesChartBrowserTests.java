package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * Opens a series page in headless Chromium and checks what a person would see: the chart with its
 * ±1σ band, and the hover legend naming the point's Lucene version.
 *
 * <p>Uses the system's {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver}; Selenium
 * Manager is never asked to download a browser or driver.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class SeriesChartBrowserTests {

  /** Screenshots of the key pages, kept as test artifacts (the last one taken per name). */
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  private ChromeDriver browser;

  @BeforeEach
  void theSharedBrowser() {
    browser = CHROMIUM.browser();
  }

  @Autowired JdbcClient jdbc;

  @Test
  void theOverviewListsSeriesWithSparklinesAndFiltersThemByTheAddress() throws IOException {
    SeriesTestData data = new SeriesTestData(jdbc);
    long term = data.series("search", "OverviewTerm", "qps", "queries/s");
    long reopen = data.series("nrt", "OverviewPlain", "reopenP99Ms", "ms");
    for (int day = 0; day < 5; day++) {
      long run = data.run("10." + day + ".0");
      Instant x = Instant.parse("2026-03-01T00:00:00Z").plus(Duration.ofDays(day));
      data.point(term, run, x, 100.0 + day, 1.0);
      data.point(reopen, run, x, 50.0 - day, 2.0);
    }

    browser.get("http://localhost:" + port + "/");
    List<WebElement> rows = browser.findElements(By.cssSelector("tr.series-row"));
    assertThat(rows).extracting(WebElement::getText).anyMatch(t -> t.contains("OverviewTerm"));
    WebElement termRow =
        rows.stream().filter(r -> r.getText().contains("OverviewTerm")).findFirst().orElseThrow();
    assertThat(termRow.findElements(By.cssSelector("svg.sparkline path"))).hasSize(1);
    assertThat(termRow.getText()).contains("104", "+1.0%");
    screenshot("overview");

    // The filter is in the address: a link to it shows only the NRT group's row.
    browser.get("http://localhost:" + port + "/?group=nrt&q=overviewplain");
    List<WebElement> shown =
        browser.findElements(By.cssSelector("tr.series-row")).stream()
            .filter(WebElement::isDisplayed)
            .toList();
    assertThat(shown)
        .singleElement()
        .satisfies(r -> assertThat(r.getText()).contains("OverviewPlain"));
    WebElement text = browser.findElement(By.name("q"));
    text.clear();
    text.sendKeys("overview");
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(
            driver ->
                browser.getCurrentUrl().contains("q=overview&")
                    || browser.getCurrentUrl().endsWith("q=overview"));
    screenshot("overview-filtered");
  }

  @Test
  void seriesPageDrawsTheChartWithItsErrorBand() throws IOException {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "BrowserTerm", "qps", "queries/s");
    data.point(series, data.run("9.12.3"), Instant.parse("2024-01-03T00:00:00Z"), 100.0, 4.0);
    data.point(series, data.run("10.0.0"), Instant.parse("2024-02-07T00:00:00Z"), 110.0, 5.0);
    data.point(series, data.run("10.1.0"), Instant.parse("2024-03-12T00:00:00Z"), 104.0, 3.0);

    browser.get("http://localhost:" + port + "/series/" + series);
    JavascriptExecutor js = browser;
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> js.executeScript("return window.nightbenchChart != null"));

    assertThat(browser.findElement(By.tagName("h1")).getText())
        .contains("search · BrowserTerm · qps");
    assertThat(browser.findElements(By.cssSelector("#chart canvas"))).isNotEmpty();
    assertThat(js.executeScript("return nightbenchChart.getOption('errorBars')")).isEqualTo(true);
    assertThat(js.executeScript("return nightbenchChart.getOption('sigma')")).isEqualTo(1L);
    assertThat(js.executeScript("return nightbenchChart.numRows()")).isEqualTo(3L);
    // With error bars, each value Dygraphs holds is a [value, stddev] pair.
    assertThat(js.executeScript("return nightbenchChart.getValue(1, 1)"))
        .isEqualTo(List.of(110L, 5L));

    // The band as a person sees it: at the middle point, 0.6σ above the line, the screen shows
    // the series colour washed out; 1.6σ below it, outside the band, it does not.
    BufferedImage screen = screenshot();
    Pixel inside = pixelAt(screen, 1, 110.0 + 0.6 * 5.0, js);
    Pixel outside = pixelAt(screen, 1, 110.0 - 1.6 * 5.0, js);
    assertThat(inside.isBandFill()).as("inside the band: %s", inside).isTrue();
    assertThat(outside.isBandFill()).as("outside the band: %s", outside).isFalse();

    WebElement chart = browser.findElement(By.id("chart"));
    Map<?, ?> dom = domCoords(js, 2, 104.0);
    new Actions(browser)
        .moveToElement(
            chart,
            ((Number) dom.get("x")).intValue() - chart.getSize().getWidth() / 2,
            ((Number) dom.get("y")).intValue() - chart.getSize().getHeight() / 2)
        .perform();
    String legend = browser.findElement(By.id("chart-legend")).getText();
    assertThat(legend)
        .contains("104 ± 3", "queries/s", "Lucene 10.1.0", "maven:10.1.0", "2024-03-12");
    screenshot("series-hover"); // as a person sees it while hovering
  }

  @Test
  void aDisturbedRunIsAHollowGreyPointKeyedInTheLegend() throws IOException {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "BrowserDisturbed", "qps", "queries/s");
    String reason = "calibration moved +9.0% during the run (100 before, 109 after; limit 5.0%)";
    long disturbed = data.run("10.4.0");
    jdbc.sql("update run set disturbed_reason = ? where id = ?").params(reason, disturbed).update();
    data.point(series, data.run("10.3.2"), Instant.parse("2025-06-01T00:00:00Z"), 100.0, 1.0);
    data.point(series, disturbed, Instant.parse("2025-07-01T00:00:00Z"), 70.0, 1.0);
    data.point(series, data.run("10.5.2"), Instant.parse("2025-08-01T00:00:00Z"), 101.0, 1.0);

    browser.get("http://localhost:" + port + "/series/" + series);
    JavascriptExecutor js = browser;
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> js.executeScript("return window.nightbenchChart != null"));

    WebElement legend = browser.findElement(By.id("chart-legend"));
    WebElement key = legend.findElement(By.cssSelector(".disturbed-key"));
    assertThat(key.getText()).contains("1 point on a disturbed machine", "drawn hollow");
    assertThat(key.findElements(By.cssSelector(".disturbed-ring"))).hasSize(1);

    // On the canvas: the disturbed point's centre is white inside a grey ring; the others are not.
    assertThat(pointPixels(js, 1, 0)).as("hollow centre").allMatch(SeriesChartBrowserTests::white);
    assertThat(pointPixels(js, 1, 4)).as("grey ring").anyMatch(SeriesChartBrowserTests::grey);
    assertThat(pointPixels(js, 0, 0)).as("a calm point").noneMatch(SeriesChartBrowserTests::white);

    WebElement chart = browser.findElement(By.id("chart"));
    Map<?, ?> dom = domCoords(js, 1, 70.0);
    new Actions(browser)
        .moveToElement(
            chart,
            ((Number) dom.get("x")).intValue() - chart.getSize().getWidth() / 2,
            ((Number) dom.get("y")).intValue() - chart.getSize().getHeight() / 2)
        .perform();
    assertThat(legend.getText()).contains("Lucene 10.4.0", "machine disturbed, not judged", reason);
    screenshot("series-disturbed");
  }

  /**
   * The pixels of the chart's canvas at {@code radius} pixels around row {@code row}'s point (its
   * centre alone for 0), as [r, g, b] triples.
   */
  @SuppressWarnings("unchecked")
  private static List<List<Number>> pointPixels(JavascriptExecutor js, int row, int radius) {
    return (List<List<Number>>)
        js.executeScript(
            "const g = nightbenchChart;"
                + "const [x, y] = g.toDomCoords(g.getValue(arguments[0], 0),"
                + " g.getValue(arguments[0], 1)[0]);"
                + "const c = g.hidden_; const k = c.width / c.clientWidth; const r = arguments[1];"
                + "const ctx = c.getContext('2d'); const out = [];"
                + "for (let a = 0; a < 16; a++) {"
                + "  const d = ctx.getImageData(Math.round((x + r * Math.cos(a * Math.PI / 8)) * k),"
                + "    Math.round((y + r * Math.sin(a * Math.PI / 8)) * k), 1, 1).data;"
                + "  out.push([d[0], d[1], d[2]]); if (r === 0) break; }"
                + "return out;",
            row,
            radius);
  }

  private static boolean white(List<Number> rgb) {
    return rgb.stream().allMatch(v -> v.intValue() > 240);
  }

  /** The ring's grey (#8f8f8f), give or take anti-aliasing. */
  private static boolean grey(List<Number> rgb) {
    int r = rgb.get(0).intValue(), g = rgb.get(1).intValue(), b = rgb.get(2).intValue();
    return Math.abs(r - g) < 12 && Math.abs(g - b) < 12 && r > 110 && r < 175;
  }

  @Test
  void releasePointsLinkTheirChangesAndAStepBetweenThemOffersWhatFindsItsCulprit() {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "BrowserReleaseCommits", "qps", "queries/s");
    String a = "cccccccc" + "2".repeat(32);
    String b = "dddddddd" + "3".repeat(32);
    long unknown = data.run("10.3.2"); // measured before releases recorded their commit
    long first = data.run("10.4.0");
    long second = data.run("10.5.2");
    jdbc.sql("update run set commit_sha = ? where id = ?").params(a, first).update();
    jdbc.sql("update run set commit_sha = ? where id = ?").params(b, second).update();
    data.point(series, unknown, Instant.parse("2025-09-01T00:00:00Z"), 100.0, 1.0);
    data.point(series, first, Instant.parse("2025-10-01T00:00:00Z"), 101.0, 1.0);
    data.point(series, second, Instant.parse("2025-11-01T00:00:00Z"), 80.0, 1.0);
    String steps =
        "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
            + " mean_after, relative_change, direction) values (?, ?, ?, ?, 100, 80, -0.2,"
            + " 'regression') returning id";
    long between =
        jdbc.sql(steps)
            .params(
                series,
                second,
                first,
                java.sql.Timestamp.from(Instant.parse("2025-11-01T00:00:00Z")))
            .query(Long.class)
            .single();
    jdbc.sql(steps)
        .params(
            series, first, unknown, java.sql.Timestamp.from(Instant.parse("2025-10-01T00:00:00Z")))
        .query(Long.class)
        .single();

    browser.get("http://localhost:" + port + "/series/" + series);
    JavascriptExecutor js = browser;
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> js.executeScript("return window.nightbenchChart != null"));

    // The latest release point links the changes since the release before it, as a git point.
    WebElement legend = browser.findElement(By.id("chart-legend"));
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> legend.getText().contains("changes since ccccccc"));
    assertThat(legend.findElement(By.cssSelector("a.compare")).getAttribute("href"))
        .endsWith("/compare/" + a + "..." + b);

    // Beside each step: a bisect where both points have a commit, and why not where one has none.
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.until(
        driver ->
            !browser.findElements(By.cssSelector("#detection .bisect-offer")).isEmpty()
                && !browser.findElements(By.cssSelector("#detection .no-bisect")).isEmpty());
    WebElement offer = browser.findElement(By.cssSelector("#detection .bisect-offer"));
    assertThat(offer.getText()).isEqualTo("find the culprit: bisect ccccccc…ddddddd");
    assertThat(offer.getAttribute("href")).endsWith("/bisects?changePointId=" + between);
    assertThat(browser.findElement(By.cssSelector("#detection .no-bisect")).getText())
        .startsWith("no bisect: run " + unknown + " recorded no commit");
  }

  @Test
  void theHoverLegendLinksTheChangesSinceThePreviousCommit() {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "BrowserCommits", "qps", "queries/s");
    String a = "aaaaaaa" + "0".repeat(33);
    String b = "bbbbbbb" + "1".repeat(33);
    data.point(
        series,
        data.gitRun("11.0.0-SNAPSHOT", a),
        Instant.parse("2026-01-03T00:00:00Z"),
        90.0,
        2.0);
    data.point(
        series,
        data.gitRun("11.0.0-SNAPSHOT", b),
        Instant.parse("2026-01-04T00:00:00Z"),
        95.0,
        2.0);

    browser.get("http://localhost:" + port + "/series/" + series);
    JavascriptExecutor js = browser;
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> js.executeScript("return window.nightbenchChart != null"));

    // Before any hover the legend describes the latest point, with the same links; the commits
    // come from the runs API after the chart is drawn.
    WebElement legend = browser.findElement(By.id("chart-legend"));
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> legend.getText().contains("changes since aaaaaaa"));
    assertThat(legend.getText()).contains("bbbbbbb", "changes since aaaaaaa");
    assertThat(legend.findElement(By.cssSelector("a.compare")).getAttribute("href"))
        .isEqualTo("https://github.com/apache/lucene/compare/" + a + "..." + b);
    assertThat(legend.findElement(By.linkText("bbbbbbb")).getAttribute("href"))
        .isEqualTo("https://github.com/apache/lucene/commit/" + b);
  }

  @Test
  void annotationsChangePointsZoomAndClicksWorkAsAPersonUsesThem() throws IOException {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "BrowserZoom", "qps", "queries/s");
    Instant day0 = Instant.parse("2026-02-01T00:00:00Z");
    long[] runs = new long[10];
    for (int day = 0; day < 10; day++) {
      runs[day] =
          data.gitRun("11.0.0-SNAPSHOT", String.format("%07x", 0xabc000 + day) + "f".repeat(33));
      data.point(series, runs[day], day0.plus(Duration.ofDays(day)), day < 6 ? 100.0 : 80.0, 1.0);
    }
    jdbc.sql(
            "insert into annotation (at, short_text, long_text, kind, scope, series_id, created_by)"
                + " values (:at, 'JDK 25 on the box', null, 'environment', 'series', :s, 'test')")
        .param("at", java.sql.Timestamp.from(day0.plus(Duration.ofDays(2))))
        .param("s", series)
        .update();
    jdbc.sql(
            "insert into annotation (at, short_text, long_text, kind, scope, created_by) values"
                + " (:at, 'New merge policy', 'see https://github.com/apache/lucene/pull/1 <b>',"
                + " 'code', 'all', 'test')")
        .param("at", java.sql.Timestamp.from(day0.plus(Duration.ofDays(7))))
        .update();
    jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction) values (:s, :r, :x, 100, 80, -0.2, 'regression')")
        .param("s", series)
        .param("r", runs[6])
        .param("x", java.sql.Timestamp.from(day0.plus(Duration.ofDays(6))))
        .update();

    browser.get("http://localhost:" + port + "/series/" + series);
    JavascriptExecutor js = browser;
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));

    // Letters on the chart in date order, and the legend under it with the link made safe.
    assertThat(browser.findElements(By.cssSelector(".dygraph-annotation")))
        .extracting(WebElement::getText)
        .containsExactly("A", "B");
    List<WebElement> legendItems = browser.findElements(By.cssSelector("#chart-annotations li"));
    assertThat(legendItems).hasSize(2);
    assertThat(legendItems.get(0).getText()).contains("A", "2026-02-03", "JDK 25 on the box");
    assertThat(legendItems.get(1).getText()).contains("New merge policy", "<b>");
    assertThat(legendItems.get(1).findElement(By.tagName("a")).getAttribute("href"))
        .isEqualTo("https://github.com/apache/lucene/pull/1");

    // The change point is a red dashed line at its run's date.
    BufferedImage screen = screenshot();
    Map<?, ?> line = domCoords(js, 6, 90.0);
    boolean red = false;
    for (int dy = -20; dy <= 20 && !red; dy++) {
      Pixel pixel =
          pixelAtDom(
              screen,
              ((Number) line.get("x")).doubleValue(),
              ((Number) line.get("y")).doubleValue() + dy,
              js);
      red = pixel.red() > 150 && pixel.green() < 100 && pixel.blue() < 100;
    }
    assertThat(red).as("a red line where the regression starts").isTrue();

    // Dragging over days 2..5 zooms, and the address keeps the window.
    js.executeScript("document.getElementById('chart').scrollIntoView({block: 'center'})");
    int[] from = viewport(js, domCoords(js, 2, 90.0));
    int[] to = viewport(js, domCoords(js, 5, 90.0));
    new Actions(browser)
        .moveToLocation(from[0], from[1])
        .clickAndHold()
        .moveToLocation((from[0] + to[0]) / 2, from[1])
        .moveToLocation(to[0], from[1])
        .release()
        .perform();
    wait.until(driver -> browser.getCurrentUrl().contains("from=2026-02-0"));
    String zoomed = browser.getCurrentUrl();
    assertThat(zoomed).contains("to=2026-02-0");

    browser.get(zoomed);
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));
    String fromDate = zoomed.replaceAll(".*from=([0-9-]+).*", "$1");
    assertThat(((Number) js.executeScript("return nightbenchChart.xAxisRange()[0]")).longValue())
        .isEqualTo(Instant.parse(fromDate + "T00:00:00Z").toEpochMilli());

    // Log scale is a toggle the address remembers too.
    browser.findElement(By.id("chart-log")).click();
    wait.until(driver -> browser.getCurrentUrl().contains("log=1"));
    assertThat(js.executeScript("return nightbenchChart.getOption('logscale')")).isEqualTo(true);

    // Clicking a point opens its run.
    browser.get("http://localhost:" + port + "/series/" + series);
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));
    js.executeScript("document.getElementById('chart').scrollIntoView({block: 'center'})");
    int[] point = viewport(js, domCoords(js, 8, 80.0));
    new Actions(browser)
        .moveToLocation(point[0], point[1])
        .pause(Duration.ofMillis(200))
        .click()
        .perform();
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .withMessage(
            () -> "clicked the point of run " + runs[8] + ", now at " + browser.getCurrentUrl())
        .until(driver -> browser.getCurrentUrl().endsWith("/runs/" + runs[8]));
  }

  /** Chart coordinates as viewport pixels, which is what a mouse moves over. */
  private static int[] viewport(JavascriptExecutor js, Map<?, ?> dom) {
    Map<?, ?> corner =
        (Map<?, ?>)
            js.executeScript(
                "const r = document.querySelector('#chart canvas').getBoundingClientRect();"
                    + "return {x: r.left, y: r.top};");
    return new int[] {
      (int)
          Math.round(
              ((Number) corner.get("x")).doubleValue() + ((Number) dom.get("x")).doubleValue()),
      (int)
          Math.round(
              ((Number) corner.get("y")).doubleValue() + ((Number) dom.get("y")).doubleValue())
    };
  }

  private static Pixel pixelAtDom(
      BufferedImage screen, double domX, double domY, JavascriptExecutor js) {
    Map<?, ?> corner =
        (Map<?, ?>)
            js.executeScript(
                "const r = document.getElementById('chart').getBoundingClientRect();"
                    + "return {x: r.left, y: r.top};");
    int x = (int) Math.round(((Number) corner.get("x")).doubleValue() + domX);
    int y = (int) Math.round(((Number) corner.get("y")).doubleValue() + domY);
    int rgb = screen.getRGB(x, y);
    return new Pixel((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff);
  }

  private BufferedImage screenshot() throws IOException {
    return screenshot("series");
  }

  private BufferedImage screenshot(String name) throws IOException {
    byte[] png = browser.getScreenshotAs(OutputType.BYTES);
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), png);
    return ImageIO.read(new ByteArrayInputStream(png));
  }

  /** Where row {@code row}'s date and {@code value} land, in pixels from the chart's corner. */
  private static Map<?, ?> domCoords(JavascriptExecutor js, int row, double value) {
    return (Map<?, ?>)
        js.executeScript(
            "const [x, y] = nightbenchChart.toDomCoords(nightbenchChart.getValue(arguments[0], 0), arguments[1]);"
                + "return {x, y};",
            row,
            value);
  }

  /** The screen pixel at row {@code row}'s date and {@code value}, in viewport coordinates. */
  private static Pixel pixelAt(BufferedImage screen, int row, double value, JavascriptExecutor js) {
    Map<?, ?> dom = domCoords(js, row, value);
    Map<?, ?> corner =
        (Map<?, ?>)
            js.executeScript(
                "const r = document.getElementById('chart').getBoundingClientRect();"
                    + "return {x: r.left, y: r.top};");
    int x =
        (int)
            Math.round(
                ((Number) corner.get("x")).doubleValue() + ((Number) dom.get("x")).doubleValue());
    int y =
        (int)
            Math.round(
                ((Number) corner.get("y")).doubleValue() + ((Number) dom.get("y")).doubleValue());
    int rgb = screen.getRGB(x, y);
    return new Pixel((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff);
  }

  /** One screen pixel. */
  record Pixel(int red, int green, int blue) {

    /** The series blue (#1a5fb4) at 20% over white: light, and clearly bluer than it is red. */
    boolean isBandFill() {
      return blue > 200 && red < 235 && blue - red > 20;
    }
  }
}
