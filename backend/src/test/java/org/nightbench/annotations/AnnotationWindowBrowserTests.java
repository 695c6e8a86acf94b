package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
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
 * A chart with ten thousand annotations in headless Chromium: it is sent a thousand at most, evenly
 * spread and said to be thinned; zoomed by a drag, it fetches only the window's and shows every one
 * of them, with the letters they had before; reset, it is back to the thinned thousand.
 *
 * <p>Shares its database with the other browser tests: its annotations are of its own series (of a
 * benchmark of its own), and it counts what it expects from the database, so annotations on all
 * charts that other tests write change nothing here.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class AnnotationWindowBrowserTests {

  private static final int ANNOTATIONS = 10_000;
  private static final int DAYS = 200;
  private static final Instant DAY0 = Instant.parse("2027-03-01T03:00:00Z");
  private static final long SPACING_SECONDS = DAYS * 86_400L / ANNOTATIONS;

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  private ChromeDriver browser;

  @BeforeEach
  void theSharedBrowser() {
    browser = CHROMIUM.browser();
  }

  @Test
  void aChartOfTenThousandAnnotationsFetchesAThousandAndAllOfAZoomedWindow() {
    long series = seriesWithAPointADay();
    try {
      tenThousandOn(series);
    } finally {
      // Ten thousand rows are no one else's business: the other tests share this database.
      jdbc.sql("delete from annotation where series_id = ?").param(series).update();
    }
  }

  private void tenThousandOn(long series) {
    // Evenly over the series' nights: one every 28.8 minutes, 50 a day.
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, series_id, created_by) select"
                + " cast(? as timestamptz) + make_interval(secs => i * ?), 'note ' || i, 'code',"
                + " 'series', ?, 'test' from generate_series(0, ? - 1) i")
        .params(Timestamp.from(DAY0), SPACING_SECONDS, series, ANNOTATIONS)
        .update();
    long onChart =
        chartAnnotationsBetween(series, Instant.EPOCH, Instant.parse("9999-01-01T00:00:00Z"));
    assertThat(onChart).isGreaterThanOrEqualTo(ANNOTATIONS);

    browser.manage().deleteAllCookies();
    browser.get("http://localhost:" + port + "/series/" + series);
    JavascriptExecutor js = browser;
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));
    wait.until(driver -> !items().isEmpty());

    // Unzoomed: a thousand, spread over all the nights, and the page says so.
    assertThat(drawnLetters(js)).isEqualTo(1_000);
    assertThat(items()).hasSize(1_000);
    WebElement thinned = browser.findElement(By.id("chart-annotations-thinned"));
    assertThat(thinned.isDisplayed()).isTrue();
    assertThat(thinned.getText())
        .startsWith(
            "1,000 of the "
                + String.format(Locale.ROOT, "%,d", onChart)
                + " annotations on this chart");
    Map<String, String> lettersBefore = lettersByText();
    assertThat(lettersBefore).containsKey("note 0");

    // Drag over days 100 to 102: the chart asks for that window and lists every one in it.
    js.executeScript("document.getElementById('chart').scrollIntoView({block: 'center'})");
    int[] from = viewport(js, 100);
    int[] to = viewport(js, 102);
    new Actions(browser)
        .moveToLocation(from[0], from[1])
        .clickAndHold()
        .moveToLocation((from[0] + to[0]) / 2, from[1])
        .moveToLocation(to[0], from[1])
        .release()
        .perform();
    wait.until(driver -> (Boolean) js.executeScript("return nightbenchChart.isZoomed('x')"));
    List<?> range = (List<?>) js.executeScript("return nightbenchChart.xAxisRange()");
    Instant start = Instant.ofEpochMilli(((Number) range.get(0)).longValue());
    Instant end = Instant.ofEpochMilli(((Number) range.get(1)).longValue());
    long inWindow = chartAnnotationsBetween(series, start, end);
    assertThat(inWindow).as("about two days of 50 a day").isBetween(50L, 200L);
    wait.withMessage(() -> "the window's " + inWindow + " annotations, listed")
        .until(driver -> items().size() == inWindow);
    assertThat(drawnLetters(js)).isEqualTo(inWindow);
    assertThat(thinned.isDisplayed()).isFalse();
    Map<String, String> lettersZoomed = lettersByText();
    assertThat(lettersZoomed).hasSize((int) inWindow);
    // Every one listed lies in the window, and one shown before keeps its letter.
    List<String> kept = lettersZoomed.keySet().stream().filter(lettersBefore::containsKey).toList();
    assertThat(kept).as("some of the window's were among the thousand").isNotEmpty();
    for (String text : kept) {
      assertThat(lettersZoomed.get(text)).as(text).isEqualTo(lettersBefore.get(text));
    }
    for (String text : lettersZoomed.keySet()) {
      int i = Integer.parseInt(text.substring("note ".length()));
      Instant at = DAY0.plusSeconds(i * SPACING_SECONDS);
      assertThat(at).as(text).isBetween(start, end);
    }
    List<?> asked =
        (List<?>)
            js.executeScript(
                "return performance.getEntriesByType('resource').map(e => e.name)"
                    + ".filter(n => n.includes('/annotations'))");
    assertThat(asked).anySatisfy(url -> assertThat((String) url).contains("from=", "to="));

    // A double-click resets the zoom: the thinned thousand of the whole chart again.
    new Actions(browser).moveToLocation(from[0], from[1]).doubleClick().perform();
    wait.until(driver -> items().size() == 1_000);
    assertThat(drawnLetters(js)).isEqualTo(1_000);
    wait.until(driver -> thinned.isDisplayed());
  }

  private List<WebElement> items() {
    return browser.findElements(By.cssSelector("#chart-annotations li"));
  }

  private static long drawnLetters(JavascriptExecutor js) {
    return ((Number) js.executeScript("return nightbenchChart.annotations().length")).longValue();
  }

  /** The list's letter of each annotation, by its text. */
  private Map<String, String> lettersByText() {
    Map<String, String> letters = new HashMap<>();
    for (WebElement item : items()) {
      letters.put(
          item.findElement(By.className("short")).getText(),
          item.findElement(By.className("letter")).getText());
    }
    return letters;
  }

  /**
   * Where day {@code day}'s point is across, in viewport pixels, just above the plot's bottom edge:
   * below every letter, so a drag or a double-click there reaches the chart.
   */
  private static int[] viewport(JavascriptExecutor js, int day) {
    Map<?, ?> at =
        (Map<?, ?>)
            js.executeScript(
                "const g = nightbenchChart;"
                    + "const x = g.toDomXCoord(g.getValue(arguments[0], 0));"
                    + "const area = g.getArea();"
                    + "const r = document.querySelector('#chart canvas').getBoundingClientRect();"
                    + "return {x: r.left + x, y: r.top + area.y + area.h - 3};",
                day);
    return new int[] {
      (int) Math.round(((Number) at.get("x")).doubleValue()),
      (int) Math.round(((Number) at.get("y")).doubleValue())
    };
  }

  /** The chart's annotations (its own and those on all charts) from {@code from} to {@code to}. */
  private long chartAnnotationsBetween(long series, Instant from, Instant to) {
    return jdbc.sql(
            "select count(*) from annotation a join series s on s.id = ?"
                + " where (a.scope = 'all' or (a.scope = 'group' and a.benchmark = s.benchmark)"
                + " or (a.scope = 'series' and a.series_id = s.id))"
                + " and a.at between s.first_x - interval '1 day' and s.last_x + interval '1 day'"
                + " and a.at between ? and ?")
        .params(series, Timestamp.from(from), Timestamp.from(to))
        .query(Long.class)
        .single();
  }

  /**
   * A series of a benchmark of its own with a point a day, its nights recorded as ingestion does.
   */
  private long seriesWithAPointADay() {
    String benchmark = "window-" + UUID.randomUUID().toString().substring(0, 8);
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, ?, 'Term', 'qps', 'queries/s',"
                    + " true, 'bench-1', '21', 'wikimedium10k', 'nightly') returning id")
            .params(UUID.randomUUID().toString(), benchmark)
            .query(Long.class)
            .single();
    for (int day = 0; day < DAYS; day++) {
      Instant x = DAY0.plus(Duration.ofDays(day));
      long run =
          jdbc.sql(
                  "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                      + " revision_date) values ('path:/opt/lucene', '11.0.0', 'bench-1',"
                      + " 'nightly', 'wikimedium10k', 'succeeded', ?) returning id")
              .param(Timestamp.from(x))
              .query(Long.class)
              .single();
      jdbc.sql(
              "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                  + " values (?, ?, ?, ?, 1.0, ?)")
          .params(series, run, Timestamp.from(x), 100.0 + day % 7, new Double[] {100.0})
          .update();
    }
    jdbc.sql("update series set point_count = ?, first_x = ?, last_x = ? where id = ?")
        .params(
            DAYS,
            Timestamp.from(DAY0),
            Timestamp.from(DAY0.plus(Duration.ofDays(DAYS - 1))),
            series)
        .update();
    return series;
  }
}
