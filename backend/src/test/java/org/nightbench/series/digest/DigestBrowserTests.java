package org.nightbench.series.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.Axe;
import org.nightbench.browser.BrowserSession;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
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
 * The digest in headless Chromium, on a phone (390 px) and a desktop (1400 px): on the overview the
 * machine's newest release against the previous one in release order, its counts and largest moves
 * with effect, interval and q, what went silent; on the run page every series grouped and by
 * significance, filtered, and the log collapsed.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class DigestBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;

  @Test
  void theDigestOpensTheOverviewAndTheRunPageAtBothWidths() throws Exception {
    // Committed: the browser reads through the server. A machine of its own keeps tests apart.
    DigestScenario s = new DigestScenario(jdbc);
    ChromeDriver browser = CHROMIUM.browser();
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));

      browser.get("http://localhost:" + port + "/");
      WebElement machine =
          browser.findElement(
              By.cssSelector("#morning-digest article[data-machine='" + s.data.machine + "']"));
      assertThat(machine.findElement(By.tagName("h3")).getText())
          .contains("run " + s.v1010 + " (10.1.0)")
          .contains("run " + s.v1000 + " (10.0.0)");
      assertThat(machine.findElement(By.cssSelector(".digest-counts")).getText())
          .contains("1 worse")
          .contains("1 better")
          .contains("1 within noise")
          .contains("1 not judged");
      List<WebElement> moves = machine.findElements(By.cssSelector("tr.digest-row"));
      assertThat(moves).hasSize(2);
      String worst = moves.get(0).getText();
      assertThat(worst).contains("AndHighHigh").contains("\u221220%").contains("investigating");
      assertThat(moves.get(0).findElements(By.tagName("td")).get(2).getText()).contains("…");
      assertThat(moves.get(0).findElements(By.tagName("td")).get(3).getText()).isNotBlank();
      assertThat(machine.findElement(By.cssSelector(".digest-silent")).getText())
          .contains("1 series measured by run " + s.v1000)
          .contains("step pk-postings");
      assertFitsTheWindow(browser, width);
      screenshot(browser, "digest-overview-" + width);

      browser.get("http://localhost:" + port + "/runs/" + s.v1010);
      WebElement digest = browser.findElement(By.id("run-digest"));
      assertThat(
              digest.findElements(By.cssSelector(".digest-group h3")).stream()
                  .map(h -> h.getAttribute("textContent").trim())
                  .toList())
          .containsExactly("Indexing", "Term queries", "Boolean");
      assertThat(rowsShown(browser)).hasSize(4);
      // Term queries: the judged move before the one within noise.
      assertThat(
              digest
                  .findElement(By.cssSelector(".digest-group[data-group='term'] tr.digest-row"))
                  .getText())
          .contains("HighTerm")
          .contains("better");
      new Select(browser.findElement(By.id("digest-show"))).selectByValue("worse");
      assertThat(rowsShown(browser)).singleElement().asString().contains("AndHighHigh");
      assertThat(browser.getCurrentUrl()).contains("show=worse");
      new Select(browser.findElement(By.id("digest-show"))).selectByValue("");
      browser.findElement(By.id("digest-text")).sendKeys("medterm");
      assertThat(rowsShown(browser)).singleElement().asString().contains("MedTerm");
      // Enter filters as typing does: no reload that clears the field (CSP blocks inline handlers).
      browser.executeScript("window.notReloaded = true");
      browser.findElement(By.id("digest-text")).sendKeys(Keys.ENTER);
      assertThat(browser.executeScript("return window.notReloaded === true")).isEqualTo(true);
      assertThat(browser.findElement(By.id("digest-text")).getAttribute("value"))
          .isEqualTo("medterm");
      assertThat(rowsShown(browser)).singleElement().asString().contains("MedTerm");
      assertThat(browser.findElement(By.id("digest-silent")).getText())
          .contains("Fuzzy1")
          .contains("skipped pk-postings");
      assertThat(browser.findElement(By.id("run-log-details")).getAttribute("open")).isNull();
      assertThat(browser.findElement(By.id("run-log")).isDisplayed()).isFalse();
      screenshot(browser, "digest-run-page-" + width);
    }
  }

  @Test
  void judgeItAnywayJudgesAgainstTheDisturbedRunBeforeAtBothWidths() {
    // A busy box: both releases were measured on a disturbed machine, and both skipped a step.
    DigestTestData data = new DigestTestData(jdbc);
    long first = data.release("10.0.0", Instant.parse("2024-10-14T00:00:00Z"));
    long second = data.release("10.1.0", Instant.parse("2025-01-06T00:00:00Z"));
    long slower = data.series("search", "AndHighHigh", "qps", true);
    data.point(slower, first, 100, 101, 99, 100.5, 99.5);
    data.point(slower, second, 80, 81, 79, 80.5, 79.5);
    data.disturbed(first, "calibration 25 % below the recent median");
    data.disturbed(second, "calibration 30 % below the recent median");
    String standing = "skipped pk-postings Direct: no lucene-codecs on Maven Central";
    data.notes(first, standing);
    data.notes(second, standing, "skipped knn: no vectors file");
    ChromeDriver browser = CHROMIUM.browser();
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));
      browser.get("http://localhost:" + port + "/runs/" + second);
      WebElement digest = browser.findElement(By.id("run-digest"));
      assertThat(digest.getText())
          .doesNotContain("the first run")
          .contains("no undisturbed run")
          .contains("run " + first + " the last");

      digest.findElement(By.cssSelector("a.judge-anyway")).click();
      assertThat(browser.getCurrentUrl()).contains("judgeDisturbed=true");
      digest = browser.findElement(By.id("run-digest"));
      assertThat(digest.findElement(By.tagName("h2")).getText()).contains("run " + first);
      assertThat(digest.findElement(By.cssSelector(".digest-counts")).getText())
          .contains("1 worse");
      assertThat(digest.getText())
          .contains("judged anyway, on a disturbed machine")
          .contains("run " + first + " (calibration 25 % below the recent median)");
      // Gone silent: only what this run stopped doing, not the standing skip.
      assertThat(browser.findElement(By.id("digest-silent")).getText())
          .contains("skipped knn")
          .doesNotContain("pk-postings");
      assertThat(new Axe().violations(browser)).as("judged anyway at " + width).isEmpty();
    }
  }

  @Test
  void theDoorsToTheDigestOfAnyTwoRunsAtBothWidths() {
    DigestScenario s = new DigestScenario(jdbc);
    ChromeDriver browser = CHROMIUM.browser();
    String base = "http://localhost:" + port;
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));

      // "Compare with…" on a run page: the releases before it, newest first.
      browser.get(base + "/runs/" + s.v1010);
      Select choices =
          new Select(browser.findElement(By.cssSelector(".digest-compare select[name='from']")));
      assertThat(choices.getOptions().stream().map(WebElement::getText).toList())
          .containsExactly("10.0.0 (run " + s.v1000 + ")", "9.12.3 (run " + s.v9123 + ")");
      choices.selectByValue("" + s.v9123);
      browser.findElement(By.cssSelector(".digest-compare button")).click();
      // The form's GET is a navigation: read the address once it has happened, not before.
      new WebDriverWait(browser, Duration.ofSeconds(20))
          .until(ExpectedConditions.urlContains("/digest?"));
      assertThat(browser.getCurrentUrl()).contains("from=" + s.v9123).contains("to=" + s.v1010);
      assertThat(browser.findElement(By.tagName("h1")).getText())
          .contains("run " + s.v9123 + " (9.12.3)");

      // Two ticks on the run list, in any order: the earlier release is the baseline.
      browser.get(base + "/runs");
      browser.findElement(By.cssSelector("input[name='run'][value='" + s.v1010 + "']")).click();
      browser.findElement(By.cssSelector("input[name='run'][value='" + s.v9123 + "']")).click();
      assertThat(new Axe().violations(browser)).as("/runs at " + width).isEmpty();
      browser.findElement(By.cssSelector("#runs-compare button[type='submit']")).click();
      new WebDriverWait(browser, Duration.ofSeconds(60))
          .until(ExpectedConditions.urlContains("/digest?"));
      assertThat(browser.getCurrentUrl()).contains("/digest?from=" + s.v9123 + "&to=" + s.v1010);
      assertThat(browser.findElement(By.id("run-digest")).isDisplayed()).isTrue();
    }
  }

  /**
   * "since this point" in the series chart's legend: the digest from the hovered point's run to the
   * series' latest; none on the latest point itself.
   */
  @Test
  void sinceThisPointInAChartsLegendOpensTheDigestAtBothWidths() {
    DigestScenario s = new DigestScenario(jdbc);
    ChromeDriver browser = CHROMIUM.browser();
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));
      browser.get("http://localhost:" + port + "/series/" + s.slower);
      wait.until(d -> browser.executeScript("return window.nightbenchChart != null"));
      int last =
          ((Number) browser.executeScript("return nightbenchChart.numRows() - 1")).intValue();
      assertThat(last).isEqualTo(2);

      browser.executeScript("nightbenchChart.setSelection(arguments[0])", last);
      WebElement legend = browser.findElement(By.id("chart-legend"));
      assertThat(legend.findElements(By.cssSelector("a.since-point"))).isEmpty();

      browser.executeScript("nightbenchChart.setSelection(0)");
      WebElement since = wait.until(d -> legend.findElement(By.cssSelector("a.since-point")));
      assertThat(since.getText()).isEqualTo("since this point");
      java.util.regex.Matcher link =
          java.util.regex.Pattern.compile("/digest\\?from=(\\d+)&to=(\\d+)$")
              .matcher(since.getAttribute("href"));
      assertThat(link.find()).as(since.getAttribute("href")).isTrue();
      long from = Long.parseLong(link.group(1));
      long to = Long.parseLong(link.group(2));
      assertThat(from).isNotEqualTo(to);
      assertThat(List.of(s.v1000, s.v1010, s.v9123)).contains(from, to);
      assertThat(legend.getText()).contains("run " + from);
      assertThat(new Axe().violations(browser)).as("series page at " + width).isEmpty();

      browser.executeScript("arguments[0].scrollIntoView({block: 'center'})", since);
      since.click();
      wait.until(ExpectedConditions.urlContains("/digest?from=" + from + "&to=" + to));
      assertThat(browser.findElement(By.tagName("h1")).getText())
          .contains("run " + from)
          .contains("run " + to);
      assertThat(browser.findElement(By.id("run-digest")).getText()).contains("AndHighHigh");
    }
  }

  /**
   * On /digest the rows not judged are collapsed under the judged ones, opened by the keyboard or
   * by asking the filter for them.
   */
  @Test
  void notJudgedRowsAreCollapsedOnTheDigestAtBothWidths() {
    DigestScenario s = new DigestScenario(jdbc);
    ChromeDriver browser = CHROMIUM.browser();
    String page = "http://localhost:" + port + "/digest?from=" + s.v1000 + "&to=" + s.v1010;
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));
      browser.get(page);
      WebElement collapsed =
          browser.findElement(By.cssSelector(".digest-group details.digest-not-judged"));
      WebElement summary = collapsed.findElement(By.tagName("summary"));
      assertThat(summary.getText()).isEqualTo("1 not judged");
      assertThat(collapsed.getAttribute("open")).isNull();
      assertThat(rowsShown(browser))
          .hasSize(3)
          .noneMatch(r -> r.contains("1kb-docs"))
          .anyMatch(r -> r.contains("AndHighHigh"));
      assertThat(new Axe().violations(browser)).as("/digest at " + width).isEmpty();

      // By keyboard: the summary takes the focus and Enter opens it.
      summary.sendKeys(Keys.ENTER);
      assertThat(browser.switchTo().activeElement()).isEqualTo(summary);
      assertThat(collapsed.getAttribute("open")).isNotNull();
      assertThat(rowsShown(browser)).hasSize(4).anyMatch(r -> r.contains("1kb-docs"));

      // Asking the filter for the rows not judged opens them too.
      browser.get(page + "&show=not-judged");
      assertThat(rowsShown(browser)).singleElement().asString().contains("1kb-docs");
    }
  }

  /** The texts of the digest rows shown: neither filtered out nor collapsed. */
  @SuppressWarnings("unchecked")
  private static List<String> rowsShown(ChromeDriver browser) {
    return (List<String>)
        browser.executeScript(
            "return [...document.querySelectorAll('#run-digest .digest-group tr.digest-row')]"
                + ".filter(r => r.checkVisibility()).map(r => r.textContent.trim())");
  }

  /** Nothing of the digest reaches past the window's right edge (a table may scroll in its box). */
  private static void assertFitsTheWindow(ChromeDriver browser, int width) {
    Number right =
        (Number)
            browser.executeScript(
                "return document.getElementById('morning-digest').getBoundingClientRect().right");
    assertThat(right.doubleValue()).isLessThanOrEqualTo(width);
  }

  private static void screenshot(ChromeDriver browser, String name) throws Exception {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
