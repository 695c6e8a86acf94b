package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

/**
 * A comparison's page in headless Chromium follows it while the worker runs it: the state line and
 * the bar move with the steps, and once it has ended the page shows the verdicts by itself.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class ComparisonBrowserTests {

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired ComparisonService comparisons;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;

  @Test
  void thePageFollowsTheComparisonAndShowsTheVerdictsWhenItEnds() throws Exception {
    long id =
        comparisons
            .create(
                new ComparisonRequest(
                    "maven:9.12.3", "maven:9.12.3", null, null, null, "nio", 2, "tiny", null, null),
                "editor")
            .id();
    ChromeDriver browser = CHROMIUM.browser();
    browser.get("http://localhost:" + port + "/comparisons/" + id);
    assertThat(browser.findElement(By.id("comparison-state")).getText()).isEqualTo("queued");
    assertThat(browser.findElements(By.id("comparison-progress"))).hasSize(1);

    CompletableFuture<Void> running =
        CompletableFuture.runAsync(() -> QueuedRuns.runAll(dataSource, worker));
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofMinutes(3));
    wait.until(
        driver -> {
          String state = driver.findElement(By.id("comparison-state")).getText();
          return state.startsWith("running: search") && state.contains(" of 6)");
        });
    String value = browser.findElement(By.id("comparison-progress")).getDomProperty("value");
    // One index (both sides are the same Lucene and codec), tasks: at least two steps are done.
    assertThat(Double.parseDouble(value)).isGreaterThanOrEqualTo(2);
    screenshot(browser, "comparison-running");

    running.get();
    wait.until(driver -> !driver.findElements(By.cssSelector(".comparison-table")).isEmpty());
    assertThat(browser.findElement(By.id("comparison-state")).getText()).isEqualTo("succeeded");
    assertThat(browser.findElements(By.id("comparison-progress"))).isEmpty();
    assertThat(browser.findElement(By.tagName("main")).getText())
        .containsIgnoringCase("search qps (queries/s)")
        .contains(", nio directory");
    screenshot(browser, "comparison-done");
  }

  private static void screenshot(ChromeDriver browser, String name) throws IOException {
    Path dir = Files.createDirectories(Path.of("target", "screenshots"));
    Files.write(dir.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
  }
}
