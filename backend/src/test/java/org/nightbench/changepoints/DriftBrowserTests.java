package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.Axe;
import org.nightbench.browser.BrowserSession;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * A slow ramp read in a real Chromium as a committer reads it: 120 flat nights, +12 % over the next
 * 120, 100 flat nights. Detection reports one drift, and the alerts page, the chart (one shaded
 * span, said once in words) and the change list under it all say it in the same words, "drift over
 * N nights, +x %/night", instead of a staircase of steps; at 390 and 1400 px, no sideways panning,
 * axe-core clean.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class DriftBrowserTests {

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired ChangePointDetection detection;

  @Test
  void aSlowRampIsOneDriftOnEveryPage() {
    SeriesFixture series = new SeriesFixture(jdbc);
    // The ramp of DriftTests (seed 1), which the detector reports as one drift, whole and nightly.
    SplittableRandom random = new SplittableRandom(1);
    for (int night = 0; night < 340; night++) {
      double level = 100 * (1 + 0.12 * Math.min(1, Math.max(0, (night - 120) / 120.0)));
      series.night(night, new double[] {level * (1 + 0.01 * gaussian(random))});
    }
    detection.detectAll(series.id);

    List<Map<String, Object>> changes =
        jdbc.sql(
                "select id, kind, drift_nights from change_point where series_id = ?"
                    + " and stage <> 'withdrawn' order by run_id")
            .param(series.id)
            .query()
            .listOfRows();
    assertThat(changes).as("the ramp's change points").hasSize(1);
    assertThat(changes.get(0).get("kind")).isEqualTo("drift");
    long drift = ((Number) changes.get(0).get("id")).longValue();

    ChromeDriver browser = CHROMIUM.browser();
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);
    Axe axe = new Axe();
    List<String> problems = new ArrayList<>();
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 900));
      String where = " at " + width + " px";

      browser.get("http://localhost:" + port + "/alerts?machine=" + series.machine);
      String alert =
          wait.until(d -> d.findElement(By.cssSelector("#alert-" + drift + " .drift"))).getText();
      assertThat(alert)
          .as("the alert's words" + where)
          .matches("drift over \\d+ nights, \\+0\\.\\d+ %/night");
      check(browser, axe, "alerts" + where, problems);

      browser.get("http://localhost:" + port + "/series/" + series.id);
      wait.until(
          d ->
              browser.executeScript(
                  "return window.nightbenchChart != null"
                      + " && nightbenchChart.changePointMarks != null"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> marks =
          (List<Map<String, Object>>)
              browser.executeScript(
                  "return nightbenchChart.changePointMarks.map(m => ({kind: m.kind ?? 'step',"
                      + " text: m.text ?? ''}))");
      assertThat(marks)
          .as("the chart draws one drift, said in the alert's words" + where)
          .containsExactly(Map.of("kind", "drift", "text", alert));
      String listed =
          wait.until(d -> d.findElement(By.cssSelector("#detection li.change-point .drift")))
              .getText();
      assertThat(listed).as("the change list under the chart" + where).isEqualTo(alert);
      check(browser, axe, "series page" + where, problems);
    }
    assertThat(problems).isEmpty();
  }

  private static double gaussian(SplittableRandom random) {
    // The Box–Muller of the detection tests' PlantedSeries (package-private there), so the
    // nights are DriftTests' own.
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** No sideways panning on a phone, and axe-core's serious and critical violations. */
  private static void check(ChromeDriver browser, Axe axe, String where, List<String> problems) {
    long inner = (Long) browser.executeScript("return window.innerWidth");
    long scroll = (Long) browser.executeScript("return document.documentElement.scrollWidth");
    if (scroll > inner) {
      problems.add(where + ": the page is " + scroll + " px wide, wider than the window");
    }
    for (String violation : axe.violations(browser)) {
      problems.add(where + ": axe: " + violation);
    }
  }
}
