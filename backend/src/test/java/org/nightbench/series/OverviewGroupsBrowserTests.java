package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The overview and the series page in headless Chromium, grouped as the nightly pages group their
 * charts: each series under its group's heading, a group chosen in the form showing that group
 * alone, and the series page naming its group and offering related series by group.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class OverviewGroupsBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;

  @Test
  void seriesSitUnderTheirNightlyGroupsAndAGroupCanBeChosen() throws Exception {
    // A machine of its own: the browser tests share one database, committed.
    String machine = "groups-" + UUID.randomUUID().toString().substring(0, 8);
    SeriesTestData data = new SeriesTestData(jdbc);
    long filtered = data.series("search", "FilteredOrHighHigh", "qps", "queries/s", machine);
    long filteredToo = data.series("search", "FilteredTerm", "qps", "queries/s", machine);
    long grouping = data.series("search", "TermGroup10K", "qps", "queries/s", machine);
    long dismax = data.series("search", "DismaxOrHighMed", "qps", "queries/s", machine);
    long stored = data.series("storedFields", "BEST_SPEED", "storeMB", "MB", machine);
    long unknown = data.series("search", "SomethingNew", "qps", "queries/s", machine);
    long run = data.run("10.6.0");
    Instant x = Instant.parse("2026-03-01T00:00:00Z");
    for (long s : List.of(filtered, filteredToo, grouping, dismax, stored, unknown)) {
      data.point(s, run, x, 100.0, 1.0);
    }

    ChromeDriver browser = CHROMIUM.browser();
    browser.get("http://localhost:" + port + "/?machine=" + machine);
    assertThat(sectionTitles(browser))
        .containsExactly("Filtered", "Combined/DisMax", "Grouping", "Stored fields", "Other");
    assertThat(tasksOf(browser, "filtered")).containsExactly("FilteredOrHighHigh", "FilteredTerm");
    assertThat(tasksOf(browser, "grouping")).containsExactly("TermGroup10K");
    assertThat(tasksOf(browser, "storedfields")).containsExactly("BEST_SPEED");
    assertThat(tasksOf(browser, "other")).containsExactly("SomethingNew");
    screenshot(browser, "overview-groups");

    // Choosing a group swaps the list in place and keeps the view in the address.
    new Select(browser.findElement(By.name("group"))).selectByVisibleText("Grouping");
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(driver -> sectionTitles(browser).equals(List.of("Grouping")));
    assertThat(browser.getCurrentUrl()).contains("group=grouping").contains("machine=" + machine);
    assertThat(tasksOf(browser, "grouping")).containsExactly("TermGroup10K");

    // The series page names its group, links back to it, and offers the others by group.
    browser.get("http://localhost:" + port + "/series/" + filtered);
    WebElement crumb = browser.findElement(By.cssSelector(".crumbs a.group-crumb"));
    assertThat(crumb.getText()).isEqualTo("Filtered");
    assertThat(crumb.getAttribute("href")).endsWith("/?group=filtered");
    WebElement add = browser.findElement(By.id("chart-add"));
    new WebDriverWait(browser, Duration.ofSeconds(60)).until(driver -> add.isDisplayed());
    List<String> optgroups =
        add.findElements(By.tagName("optgroup")).stream()
            .map(group -> group.getAttribute("label"))
            .toList();
    assertThat(optgroups).first().isEqualTo("Filtered");
    assertThat(optgroups).contains("Other");
    WebElement ownGroup = add.findElements(By.tagName("optgroup")).get(0);
    assertThat(ownGroup.findElements(By.tagName("option")))
        .extracting(option -> option.getAttribute("value"))
        .contains(String.valueOf(filteredToo))
        .doesNotContain(String.valueOf(unknown));
    // Drawn beside it, a series of another group names its group in the chart's list.
    new Select(add).selectByValue(String.valueOf(unknown));
    new WebDriverWait(browser, Duration.ofSeconds(60))
        .until(
            driver ->
                browser.findElements(By.cssSelector("#chart-series li")).stream()
                    .anyMatch(chip -> chip.getText().contains("Other · SomethingNew")));
    screenshot(browser, "series-groups");
  }

  /** The headings as written (not as CSS cases them), read at once: the list may be swapped. */
  @SuppressWarnings("unchecked")
  private static List<String> sectionTitles(ChromeDriver browser) {
    return (List<String>)
        browser.executeScript(
            "return [...document.querySelectorAll('section.benchmark h2 > a')]"
                + ".map(a => a.textContent.trim())");
  }

  private static List<String> tasksOf(ChromeDriver browser, String group) {
    return browser
        .findElements(
            By.cssSelector("section[data-group='" + group + "'] tr.series-row td.task > a"))
        .stream()
        .map(WebElement::getText)
        .toList();
  }

  private static void screenshot(ChromeDriver browser, String name) throws Exception {
    Files.createDirectories(SCREENSHOTS);
    Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
