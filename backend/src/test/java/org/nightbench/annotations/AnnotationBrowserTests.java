package org.nightbench.annotations;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.nightbench.users.Role;
import org.nightbench.users.UserAccounts;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * An editor annotates a point of a chart in headless Chromium as a person would: signs in with the
 * form, hovers a point, follows "annotate" in its legend, fills the form and saves; the letter and
 * the list under the chart show it without a reload, with the text escaped. Then edits and deletes
 * from the list. Anonymous visitors get none of these controls.
 *
 * <p>Shares its database with the other browser tests (same Spring context): it writes only series
 * annotations of its own series and counts letters relative to what was there.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class AnnotationBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final String PASSWORD = "a long enough secret";
  private static final String IMG = "<img src=x onerror=alert(1)>";

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  private ChromeDriver browser;

  @BeforeEach
  void theSharedBrowser() {
    browser = CHROMIUM.browser();
  }

  @Autowired JdbcClient jdbc;
  @Autowired UserAccounts accounts;

  @Test
  void anEditorAnnotatesAPointEditsAndDeletesAndAnonymousVisitorsCannot() throws IOException {
    long series = series("AnnotateTerm");
    Instant day0 = Instant.parse("2025-06-01T03:00:00Z");
    long[] runs = new long[8];
    for (int day = 0; day < runs.length; day++) {
      runs[day] = run(day0.plus(Duration.ofDays(day)));
      point(series, runs[day], day0.plus(Duration.ofDays(day)), day < 4 ? 100.0 : 90.0);
    }
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, series_id, created_by)"
                + " values (?, 'Old remark', 'noise', 'series', ?, 'test')")
        .params(Timestamp.from(day0.plus(Duration.ofDays(1))), series)
        .update();
    String page = "http://localhost:" + port + "/series/" + series;
    JavascriptExecutor js = browser;
    // The list and the letters are drawn anew after every change: an element may go stale.
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);

    // Anonymous: the chart and its list, but nothing to change them with.
    browser.manage().deleteAllCookies();
    browser.get(page);
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));
    hover(js, 5, 90.0);
    assertThat(legend().getText()).contains("run " + runs[5]).doesNotContain("annotate");
    assertThat(browser.findElements(By.cssSelector("#chart-legend a.annotate"))).isEmpty();
    assertThat(browser.findElements(By.id("annotation-dialog"))).isEmpty();
    assertThat(browser.findElement(By.id("chart-annotations")).getText()).contains("Old remark");
    assertThat(browser.findElements(By.cssSelector("#chart-annotations button"))).isEmpty();

    // Sign in through the real form.
    String editor = "ed-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(editor, PASSWORD, Role.EDITOR, "test");
    browser.get("http://localhost:" + port + "/login");
    browser.findElement(By.name("username")).sendKeys(editor);
    browser.findElement(By.name("password")).sendKeys(PASSWORD);
    browser.findElement(By.cssSelector("button[type=submit]")).click();
    wait.until(driver -> !browser.getCurrentUrl().contains("/login"));

    browser.get(page);
    wait.until(driver -> js.executeScript("return window.nightbenchChart != null"));
    int lettersBefore = letters().size();
    int itemsBefore = items().size();

    // Hover the point of run 5, then leave the chart straight upwards (so no other point is
    // hovered on the way): its legend stays, offering "annotate".
    int[] point = hover(js, 5, 90.0);
    assertThat(legend().getText()).contains("run " + runs[5], "annotate");
    WebElement annotate = legend().findElement(By.cssSelector("a.annotate"));
    int legendY = annotate.getRect().getY() + annotate.getRect().getHeight() / 2;
    new Actions(browser).moveToLocation(point[0], legendY).perform();
    assertThat(legend().getText()).contains("run " + runs[5]);
    new Actions(browser).moveToElement(annotate).click().perform();

    WebElement dialog = browser.findElement(By.id("annotation-dialog"));
    wait.until(ExpectedConditions.visibilityOf(dialog));
    WebElement form = dialog.findElement(By.tagName("form"));
    assertThat(form.findElement(By.name("runId")).getAttribute("value"))
        .isEqualTo(String.valueOf(runs[5]));
    assertThat(form.findElement(By.name("date")).getAttribute("value")).isEqualTo("2025-06-06");
    assertThat(new Select(form.findElement(By.name("scope"))).getFirstSelectedOption().getText())
        .isEqualTo("this series");
    new Select(form.findElement(By.name("kind"))).selectByValue("environment");
    form.findElement(By.name("shortText")).sendKeys("JDK 25 " + IMG);
    form.findElement(By.name("longText"))
        .sendKeys("Box moved to JDK 25, see https://github.com/apache/lucene/issues/42");
    screenshot("annotation-form");
    form.findElement(By.cssSelector("button[type=submit]")).click();

    // A new letter on the chart and in the list, without a reload; the text shows as text.
    wait.until(driver -> letters().size() == lettersBefore + 1);
    wait.until(driver -> items().size() == itemsBefore + 1);
    assertThat(dialog.isDisplayed()).isFalse();
    WebElement item =
        items().stream().filter(li -> li.getText().contains("JDK 25")).findFirst().orElseThrow();
    assertThat(item.getText()).contains("JDK 25 " + IMG, "2025-06-06");
    assertThat(item.findElement(By.cssSelector(".long a")).getAttribute("href"))
        .isEqualTo("https://github.com/apache/lucene/issues/42");
    // No element made of the text anywhere (the range selector's handles are the page's own
    // images).
    assertThat(browser.findElements(By.cssSelector("img[onerror], img[src='x']"))).isEmpty();
    assertThat(item.findElements(By.tagName("img"))).isEmpty();
    String letter = item.findElement(By.className("letter")).getText();
    assertThat(letters()).extracting(WebElement::getText).contains(letter);
    Map<String, Object> stored =
        jdbc.sql(
                "select run_id, short_text, kind, scope, series_id, created_by, at"
                    + " from annotation where series_id = ? and short_text like 'JDK 25%'")
            .param(series)
            .query()
            .singleRow();
    assertThat(stored)
        .containsEntry("run_id", runs[5])
        .containsEntry("short_text", "JDK 25 " + IMG)
        .containsEntry("kind", "environment")
        .containsEntry("scope", "series")
        .containsEntry("created_by", editor);
    // The point's own time of day, not midnight: letters on one day keep the runs' order.
    assertThat(((Timestamp) stored.get("at")).toInstant()).isEqualTo(day0.plus(Duration.ofDays(5)));
    screenshot("annotation-saved");

    // Edit from the list: the form comes back filled in, and saving records who.
    item.findElement(By.cssSelector("button.edit")).click();
    wait.until(ExpectedConditions.visibilityOf(dialog));
    WebElement shortText = form.findElement(By.name("shortText"));
    assertThat(shortText.getAttribute("value")).isEqualTo("JDK 25 " + IMG);
    shortText.clear();
    shortText.sendKeys("JDK 25.0.1");
    form.findElement(By.cssSelector("button[type=submit]")).click();
    wait.until(driver -> items().stream().anyMatch(li -> li.getText().contains("JDK 25.0.1")));
    assertThat(
            jdbc.sql("select updated_by from annotation where short_text = 'JDK 25.0.1'")
                .query(String.class)
                .single())
        .isEqualTo(editor);

    // Delete the old remark from the list, once confirmed.
    WebElement old =
        items().stream()
            .filter(li -> li.getText().contains("Old remark"))
            .findFirst()
            .orElseThrow();
    old.findElement(By.cssSelector("button.delete")).click();
    wait.until(ExpectedConditions.alertIsPresent()).accept();
    wait.until(driver -> items().stream().noneMatch(li -> li.getText().contains("Old remark")));
    assertThat(letters()).hasSize(lettersBefore);
    assertThat(
            jdbc.sql("select count(*) from annotation where series_id = ?")
                .param(series)
                .query(Long.class)
                .single())
        .isOne();
  }

  private WebElement legend() {
    return browser.findElement(By.id("chart-legend"));
  }

  private List<WebElement> letters() {
    return browser.findElements(By.cssSelector("#chart .dygraph-annotation"));
  }

  private List<WebElement> items() {
    return browser.findElements(By.cssSelector("#chart-annotations li"));
  }

  /**
   * Moves the mouse onto row {@code row}'s point at {@code value}; where it is, in the viewport.
   */
  private int[] hover(JavascriptExecutor js, int row, double value) {
    js.executeScript("document.getElementById('chart').scrollIntoView({block: 'center'})");
    Map<?, ?> at =
        (Map<?, ?>)
            js.executeScript(
                "const g = nightbenchChart;"
                    + "const [x, y] = g.toDomCoords(g.getValue(arguments[0], 0), arguments[1]);"
                    + "const r = document.querySelector('#chart canvas').getBoundingClientRect();"
                    + "return {x: r.left + x, y: r.top + y};",
                row,
                value);
    int[] point = {
      (int) Math.round(((Number) at.get("x")).doubleValue()),
      (int) Math.round(((Number) at.get("y")).doubleValue())
    };
    new Actions(browser).moveToLocation(point[0], point[1]).perform();
    return point;
  }

  private long series(String task) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, 'search', ?, 'qps', 'queries/s',"
                + " true, 'bench-1', '21', 'wikimedium10k', 'nightly') returning id")
        .params(UUID.randomUUID().toString(), task)
        .query(Long.class)
        .single();
  }

  private long run(Instant revisionDate) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " revision_date) values ('path:/opt/lucene', '11.0.0', 'bench-1', 'nightly',"
                + " 'wikimedium10k', 'succeeded', ?) returning id")
        .param(Timestamp.from(revisionDate))
        .query(Long.class)
        .single();
  }

  private void point(long series, long run, Instant x, double value) {
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " values (?, ?, ?, ?, 1.0, ?)")
        .params(series, run, Timestamp.from(x), value, new Double[] {value})
        .update();
  }

  private void screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
