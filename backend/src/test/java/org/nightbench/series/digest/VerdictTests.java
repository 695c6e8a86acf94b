package org.nightbench.series.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.Axe;
import org.nightbench.browser.BrowserSession;
import org.nightbench.changepoints.ChangePointDetection;
import org.nightbench.changepoints.DetectionFinished;
import org.nightbench.synthetic.SyntheticHistoryWriter;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * One verdict per night, on night 391 of the default synthetic history ({@link Night391}): the
 * night's test leaves LowSloppyPhrase qps within noise (q 0.054), the detector confirms a change
 * point there, and the digest, the webhook, the overview, the run page and {@code /digest} all
 * count it as worse, by the detector, saying so; the row's q is said, not hidden.
 */
@SpringBootTest(
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = "nightbench.webhooks.urls[0]=http://localhost:9/verdict-hook")
@ActiveProfiles("test")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class VerdictTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  /** Written once for the class: 400 nights of 210 series and their detection. */
  private static Night391 night;

  @LocalServerPort int port;
  @Autowired SyntheticHistoryWriter writer;
  @Autowired ChangePointDetection detection;
  @Autowired DigestService digests;
  @Autowired DigestAfterIngest afterIngest;
  @Autowired JdbcClient jdbc;

  private Night391 night() {
    if (night == null) {
      night = new Night391(writer, detection, jdbc);
    }
    return night;
  }

  @Test
  @Order(1)
  void theNightsTestAloneLeavesItWithinNoiseAndTheDetectorCountsIt() {
    Night391 n = night();
    RunDigest digest = digests.ofRun(n.run391, false).orElseThrow();

    assertThat(digest.from().id()).isEqualTo(n.run390);
    DigestRow row = row(digest, n.lowSloppyPhrase);
    // The situation as the night's test sees it: an interval clear of 0, q just above 0.05.
    assertThat(row.judgement()).isEqualTo(Judgement.WITHIN_NOISE);
    assertThat(row.change()).isBetween(-0.095, -0.093);
    assertThat(row.ciHigh()).isNegative();
    assertThat(row.qValue()).isBetween(0.05, 0.06);
    assertThat(row.changePoint().confirmed()).isTrue();
    // Today's headline would read 0 worse.
    assertThat(row.verdict()).isEqualTo(Judgement.WORSE);
    assertThat(row.evidence()).isEqualTo(DigestRow.Evidence.DETECTOR);
    assertThat(row.evidenceText())
        .contains("confirmed change point at run " + n.run391)
        .contains("\u221211%")
        .contains("\u22129.3σ")
        .contains("the night's test alone: q 0.054");
    assertThat(digest.worse()).isEqualTo(1);
    assertThat(digest.evidence(Judgement.WORSE)).isEqualTo("1 by the detector");
    assertThat(digest.largestRegressions())
        .first()
        .extracting(DigestRow::seriesId)
        .isEqualTo(n.lowSloppyPhrase);
    // Each series once: the within-noise count lost it.
    assertThat(digest.worse() + digest.better() + digest.withinNoise() + digest.notJudged())
        .isEqualTo(digest.rows().size());
  }

  @Test
  @Order(2)
  void aRowWhoseIntervalExcludesZeroButNotAfterTheCorrectionSaysSo() {
    Night391 n = night();
    RunDigest digest = digests.ofRun(n.run391, false).orElseThrow();
    List<DigestRow> nominal =
        digest.rows().stream()
            .filter(r -> r.verdict() == Judgement.WITHIN_NOISE)
            .filter(DigestRow::nominalOnly)
            .toList();
    assertThat(nominal).isNotEmpty().hasSize((int) digest.nominalOnly());
    assertThat(nominal.get(0).evidenceText())
        .contains("its own interval excludes 0")
        .contains("not counted as a change");
    assertThat(digest.worse() + digest.better()).isEqualTo(1);
  }

  @Test
  @Order(3)
  void theWebhookCountsItWithItsEvidence() {
    Night391 n = night();
    afterIngest.prepare(new DetectionFinished(n.run391));
    waitFor(
        () ->
            jdbc.sql("select count(*) from webhook_delivery where run_id = ?")
                    .param(n.run391)
                    .query(Long.class)
                    .single()
                == 1);
    Map<String, Object> payload =
        jdbc.sql(
                "select payload ->> 'text' as text, (payload ->> 'worse')::int as worse,"
                    + " payload -> 'largestRegressions' -> 0 ->> 'evidence' as evidence"
                    + " from webhook_delivery where run_id = ?")
            .param(n.run391)
            .query()
            .singleRow();
    assertThat(payload.get("worse")).isEqualTo(1);
    assertThat(payload.get("evidence")).isEqualTo("detector");
    assertThat((String) payload.get("text"))
        .contains("1 worse (1 by the detector)")
        .contains("Worst: search LowSloppyPhrase qps \u22129.4 %")
        .contains("confirmed change point at run " + n.run391);
  }

  @Test
  @Order(4)
  void theOverviewTheRunPageAndTheDigestCountItAsWorseAtBothWidths() throws Exception {
    Night391 n = night();
    // The morning of night 391: the nights after it have not run yet.
    jdbc.sql(
            "delete from run where machine = ? and revision_date > (select revision_date"
                + " from run where id = ?)")
        .params(Night391.MACHINE, n.run391)
        .update();
    ChromeDriver browser = CHROMIUM.browser();
    String base = "http://localhost:" + port;
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));

      browser.get(base + "/");
      WebElement machine =
          browser.findElement(
              By.cssSelector("#morning-digest article[data-machine='" + Night391.MACHINE + "']"));
      assertThat(machine.findElement(By.cssSelector(".digest-counts")).getText())
          .contains("1 worse");
      assertThat(machine.findElement(By.cssSelector(".digest-evidence")).getText())
          .contains("1 worse: 1 by the detector");
      assertThat(machine.findElement(By.cssSelector("tr.digest-move")).getText())
          .contains("LowSloppyPhrase")
          .contains("confirmed change point at run " + n.run391);
      assertThat(machine.getText()).doesNotContain("Nothing moved beyond the noise");
      assertClean(browser, width, "/");

      browser.get(base + "/runs/" + n.run391);
      assertAnswerFirst(browser, n, width);
      assertClean(browser, width, "run page");
      browser.executeScript("document.getElementById('run-digest').scrollIntoView()");
      screenshot(browser, "verdict-run-page-" + width);

      browser.get(base + "/digest?from=" + n.run390 + "&to=" + n.run391);
      assertAnswerFirst(browser, n, width);
      assertClean(browser, width, "/digest");
    }
  }

  /** The counts as links, then the largest moves with the verdict's evidence, then the groups. */
  private static void assertAnswerFirst(ChromeDriver browser, Night391 n, int width) {
    WebElement digest = browser.findElement(By.id("run-digest"));
    WebElement counts = digest.findElement(By.cssSelector(".digest-counts"));
    assertThat(counts.getText()).contains("1 worse");
    assertThat(counts.findElement(By.cssSelector("a.count.worse")).getAttribute("href"))
        .contains("show=worse");
    assertThat(digest.findElement(By.cssSelector(".digest-evidence")).getText())
        .contains("1 worse: 1 by the detector");
    WebElement moves = digest.findElement(By.cssSelector("table.digest-moves"));
    WebElement firstGroup = digest.findElement(By.cssSelector(".digest-group"));
    assertThat(moves.getRect().getY()).isLessThan(firstGroup.getRect().getY());
    assertThat(moves.findElement(By.cssSelector("tr.digest-move")).getText())
        .contains("LowSloppyPhrase")
        .contains("worse")
        .contains("by the detector");
    WebElement row =
        digest.findElement(By.cssSelector(".digest-group[data-group='proximity'] tr.digest-row"));
    assertThat(row.getText()).contains("LowSloppyPhrase").contains("worse");
    assertThat(row.getAttribute("data-judgement")).isEqualTo("worse");
  }

  /** axe-core clean, and no cell of the digest's tables reaches past the window. */
  private static void assertClean(ChromeDriver browser, int width, String where) {
    assertThat(new Axe().violations(browser)).as(where + " at " + width).isEmpty();
    // A cell past the right edge, named by its column and text; the headings of a phone's cards
    // are only read aloud, so the cells are what a reader sees.
    String offScreen =
        (String)
            browser.executeScript(
                "const c = [...document.querySelectorAll('.digest-table td')]"
                    + ".filter(c => c.getClientRects().length)"
                    + ".find(c => c.getBoundingClientRect().right > window.innerWidth);"
                    + "return c ? (c.dataset.label + ': ' + c.textContent.trim()) : null");
    assertThat(offScreen).as(where + " at " + width + ": a cell off-screen").isNull();
    Number scroll = (Number) browser.executeScript("return document.documentElement.scrollWidth");
    long inner = (Long) browser.executeScript("return window.innerWidth");
    assertThat(scroll.longValue())
        .as(where + " at " + width + ": the page")
        .isLessThanOrEqualTo(inner);
  }

  private static DigestRow row(RunDigest digest, long seriesId) {
    return digest.rows().stream().filter(r -> r.seriesId() == seriesId).findFirst().orElseThrow();
  }

  private static void screenshot(ChromeDriver browser, String name) throws Exception {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    long until = System.nanoTime() + 180_000_000_000L; // a ceiling for loaded machines
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > until) {
        throw new AssertionError("not within 180 s");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
