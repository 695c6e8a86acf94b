package org.nightbench.attribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.Axe;
import org.nightbench.browser.BrowserSession;
import org.nightbench.changepoints.ChangePointDetection;
import org.nightbench.synthetic.SeriesShape;
import org.nightbench.synthetic.SyntheticHistoryProperties;
import org.nightbench.synthetic.SyntheticHistoryWriter;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * A synthetic history whose machine runs slow for a week (the control revision with it), read in a
 * real Chromium as a committer reads it: the alerts of the slow week's first night and that night's
 * digest say <em>machine moved</em>, an alert at a step planted in one measured series says
 * <em>code moved</em>; at 390 and 1400 px, no sideways panning, axe-core clean.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class MachineOrCodeBrowserTests {

  private static final int NIGHTS = 120;
  private static final int SLOW_WEEK = 10;

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired SyntheticHistoryWriter writer;
  @Autowired ChangePointDetection detection;

  @Test
  void aSlowWeekIsTheMachineAndAPlantedStepIsTheCode() {
    String machine = "slow-week-" + UUID.randomUUID().toString().substring(0, 8);
    // The fixed benchmarks and the first query families, the control beside them.
    SyntheticHistoryWriter.Written written =
        writer.write(
            new SyntheticHistoryProperties(
                NIGHTS, 70, 5, machine, LocalDate.of(2026, 6, 30), 38, false, 1, false, SLOW_WEEK));
    for (SyntheticHistoryWriter.WrittenSeries series : written.series()) {
      detection.detectAll(series.id());
    }
    List<Long> runs =
        jdbc.sql("select id from run where machine = ? order by id")
            .param(machine)
            .query(Long.class)
            .list();
    long firstSlow = runs.get(NIGHTS - SLOW_WEEK);
    assertThat(written.series())
        .as("the control's series")
        .anySatisfy(s -> assertThat(s.task()).isEqualTo("10.6.0 HighTerm"));

    List<Long> slowAlerts = changePointsAt(machine, firstSlow);
    assertThat(slowAlerts).as("alerts on the slow week's first night").isNotEmpty();
    long codeAlert = plantedStepAlert(written, runs);

    ChromeDriver browser = CHROMIUM.browser();
    Axe axe = new Axe();
    List<String> problems = new ArrayList<>();
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 900));
      String where = " at " + width + " px";

      String alerts = "http://localhost:" + port + "/alerts?machine=" + machine;
      for (long id : slowAlerts) {
        assertThat(attributionOf(browser, alerts, id))
            .as("alert " + id + " of the slow week's first night" + where)
            .startsWith("machine moved")
            .contains("the control 10.6.0 moved −1");
      }
      assertThat(attributionOf(browser, alerts, codeAlert))
          .as("the planted step's alert " + codeAlert + where)
          .startsWith("code moved")
          .contains("the control 10.6.0 stood still");
      browser.get(alerts);
      check(browser, axe, "alerts" + where, problems);

      browser.get("http://localhost:" + port + "/runs/" + firstSlow);
      assertThat(
              browser.findElement(By.cssSelector("#run-digest .digest-machine-or-code")).getText())
          .as("the slow night's digest" + where)
          .startsWith("machine moved")
          .contains("the control 10.6.0 moved −1")
          .contains("its alerts are the machine's, not code regressions");
      check(browser, axe, "run page" + where, problems);
    }
    assertThat(problems).isEmpty();
  }

  /**
   * The alert row's machine-or-code line, as the reader sees it: on the page of {@code alerts} that
   * lists it, found as a reader would, page after page by the "next" link.
   */
  private static String attributionOf(ChromeDriver browser, String alerts, long alertId) {
    By row = By.cssSelector("#alert-" + alertId + " + tr.alert-attribution td:last-child");
    browser.get(alerts);
    for (int page = 1; ; page++) {
      List<WebElement> found = browser.findElements(row);
      if (!found.isEmpty()) {
        return found.get(0).getText();
      }
      List<WebElement> next = browser.findElements(By.cssSelector("a[rel=next]"));
      assertThat(next).as("alert " + alertId + " on none of " + page + " pages").isNotEmpty();
      browser.get(next.get(0).getDomProperty("href"));
    }
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

  private List<Long> changePointsAt(String machine, long run) {
    return jdbc.sql(
            "select c.id from change_point c join series s on s.id = c.series_id"
                + " where s.machine = ? and c.run_id = ? and c.state = 'untriaged'"
                + " and c.stage <> 'withdrawn' order by c.id")
        .params(machine, run)
        .query(Long.class)
        .list();
  }

  /**
   * An alert the detector placed on the night of a step planted in one measured query series, well
   * before the slow week: only the measured revision has it.
   */
  private long plantedStepAlert(SyntheticHistoryWriter.Written written, List<Long> runs) {
    List<Long> found = new ArrayList<>();
    for (SyntheticHistoryWriter.WrittenSeries series : written.series()) {
      if (!series.benchmark().equals("search")) {
        continue;
      }
      for (SeriesShape.Step step : series.shape().steps()) {
        if (step.night() < 30 || step.night() > NIGHTS - SLOW_WEEK - 20) {
          continue;
        }
        found.addAll(
            jdbc.sql(
                    "select id from change_point where series_id = ? and run_id = ?"
                        + " and stage <> 'withdrawn'")
                .params(series.id(), runs.get(step.night()))
                .query(Long.class)
                .list());
      }
    }
    assertThat(found).as("an alert at a planted step of a query series").isNotEmpty();
    return found.get(0);
  }
}
