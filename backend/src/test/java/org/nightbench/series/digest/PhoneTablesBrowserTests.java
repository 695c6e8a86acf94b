package org.nightbench.series.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.Axe;
import org.nightbench.browser.BrowserSession;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The run page, {@code /alerts} and the overview on a phone (390 px) and a desktop (1400 px): every
 * cell of their tables lies within the window, none clipped or scrolled out of its box, so the
 * change, its interval, q and the verdict are read without panning; the overview's alert flag is
 * shown whole. axe-core finds nothing serious on any of them.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class PhoneTablesBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  /**
   * The cells of the page's tables (and what they hold) that reach past the window or are cut off
   * by a box around them, one line each: empty when every figure can be read where it is.
   */
  private static final String OUT_OF_SIGHT =
      """
      const width = document.documentElement.clientWidth;
      const out = [];
      for (const cell of document.querySelectorAll('main table :is(td, th, td *)')) {
        const r = cell.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || cell.closest('.visually-hidden, thead')) continue;
        let clipped = r.right > width + 1 || r.left < -1;
        for (let box = cell.parentElement; box && !clipped; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX !== 'visible') {
            const b = box.getBoundingClientRect();
            clipped = r.right > b.right + 1 || r.left < b.left - 1;
          }
        }
        if (!clipped && cell.scrollWidth > cell.clientWidth + 1
            && getComputedStyle(cell).overflowX !== 'visible') clipped = true;
        if (clipped) out.push(cell.className + ': ' + cell.textContent.trim().slice(0, 40)
            + ' at ' + Math.round(r.left) + '…' + Math.round(r.right));
      }
      // What a cell shows (its text lines and elements) stays within it, and off its neighbours'.
      const shown = cell => {
        const rects = [];
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let n = texts.nextNode(); n; n = texts.nextNode()) {
          if (!n.textContent.trim() || n.parentElement.closest('.visually-hidden')) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          rects.push(...[...range.getClientRects()].filter(r => r.width > 1 && r.height > 1));
        }
        for (const e of cell.querySelectorAll('svg, img, input, select, button')) {
          rects.push(e.getBoundingClientRect());
        }
        return rects;
      };
      for (const row of document.querySelectorAll('main table tr')) {
        const cells = [...row.children].filter(c => c.getBoundingClientRect().width > 0
            && !c.closest('.visually-hidden, thead'));
        const contents = cells.map(shown);
        cells.forEach((cell, i) => {
          const box = cell.getBoundingClientRect();
          for (const r of contents[i]) {
            if (r.right > box.right + 2 || r.left < box.left - 2) {
              out.push(cell.className + ': "' + cell.textContent.trim().slice(0, 30)
                  + '" spills out of its cell');
              break;
            }
          }
          for (let j = i + 1; j < cells.length; j++) {
            const overlaps = contents[i].some(a => contents[j].some(b =>
                Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
                && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2));
            if (overlaps) {
              out.push(cell.className + ' overlaps ' + cells[j].className + ': "'
                  + cell.textContent.trim().slice(0, 20) + '"');
            }
          }
        });
      }
      for (const box of document.querySelectorAll('main *')) {
        const style = getComputedStyle(box);
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll')
            && box.scrollWidth > box.clientWidth + 1) {
          out.push('a box (' + box.className + ') scrolls sideways: ' + box.scrollWidth
              + ' px of content in ' + box.clientWidth);
        }
      }
      if (document.documentElement.scrollWidth > width + 1) {
        out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
      }
      return out;
      """;

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;

  @Test
  void noColumnIsOffScreenOnTheRunPageTheAlertsAndTheOverviewAtBothWidths() throws Exception {
    DigestScenario s = new DigestScenario(jdbc);
    // A second open alert of the machine, only suspected: the overview's flag reads
    // "⚑ 2 (1 suspected)", the longest it gets.
    jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction, stage)"
                + " select ?, id, revision_date, 100, 90, -0.1, 'regression', 'suspected' from run"
                + " where id = ?")
        .params(s.slower, s.v1000)
        .update();
    ChromeDriver browser = CHROMIUM.browser();
    Axe axe = new Axe();
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 1000));

      browser.get("http://localhost:" + port + "/runs/" + s.v1010);
      assertThat(browser.findElement(By.id("run-digest")).getText()).contains("AndHighHigh");
      assertThat(outOfSight(browser)).as("run page at %d px", width).isEmpty();
      assertThat(axe.violations(browser)).as("run page at %d px", width).isEmpty();
      screenshot(browser, "phone-run-page-" + width);

      browser.get("http://localhost:" + port + "/alerts?machine=" + s.data.machine);
      assertThat(browser.findElement(By.id("alert-" + s.changePoint)).getText())
          .contains("AndHighHigh")
          .contains("\u221220")
          .contains("investigating");
      assertThat(outOfSight(browser)).as("/alerts at %d px", width).isEmpty();
      assertThat(axe.violations(browser)).as("/alerts at %d px", width).isEmpty();
      screenshot(browser, "phone-alerts-" + width);

      browser.get("http://localhost:" + port + "/?machine=" + s.data.machine);
      String flag =
          browser
              .findElement(
                  By.cssSelector(
                      "tr.series-row:has(a[href$='/series/" + s.slower + "']) .open-alerts"))
              .getText();
      assertThat(flag).isEqualTo("⚑ 2 (1 suspected)");
      browser.executeScript(
          "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})",
          "tr.series-row:has(a[href$='/series/" + s.slower + "'])");
      assertThat(outOfSight(browser)).as("overview at %d px", width).isEmpty();
      screenshot(browser, "phone-overview-" + width);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> outOfSight(ChromeDriver browser) {
    return (List<String>) browser.executeScript(OUT_OF_SIGHT);
  }

  private static void screenshot(ChromeDriver browser, String name) throws Exception {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
