package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.bisect.StoredBisects.Scenario;
import org.nightbench.browser.BrowserSession;
import org.nightbench.users.Role;
import org.nightbench.users.UserAccounts;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
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
 * The alerts page in headless Chromium: a running bisect's panel follows its walk without a reload
 * (bisect-panels.js), and an editor annotates a found culprit with one click from inside the page's
 * triage form.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class BisectPanelsBrowserTests {

  private static final String PASSWORD = "a long enough secret";

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired UserAccounts accounts;

  @Test
  void aRunningBisectsProgressFollowsItsWalkAndTheCulpritIsAnnotatedInOneClick()
      throws IOException {
    StoredBisects stored = new StoredBisects(jdbc);
    Scenario s = stored.scenario();
    ChromeDriver browser = CHROMIUM.browser();
    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    wait.ignoring(StaleElementReferenceException.class);
    String editor = "ed-" + UUID.randomUUID().toString().substring(0, 8);
    accounts.create(editor, PASSWORD, Role.EDITOR, "test");
    browser.get("http://localhost:" + port + "/login");
    browser.findElement(By.name("username")).sendKeys(editor);
    browser.findElement(By.name("password")).sendKeys(PASSWORD);
    browser.findElement(By.cssSelector("button[type=submit]")).click();
    wait.until(driver -> !browser.getCurrentUrl().contains("/login"));

    // The scenario's own machine: /alerts lists 50 a page, and the shared test context holds
    // other tests' alerts too.
    browser.get("http://localhost:" + port + "/alerts?machine=panel-machine");
    By progress = By.cssSelector("#bisect-panel-" + s.running() + " .bisect-progress");
    assertThat(browser.findElement(progress).getText()).startsWith("measuring the ends");

    // The ends differ; the first probe (position 2 of 0..4) starts: the panel follows.
    jdbc.sql(
            "update bisect_probe set verdict = 'DIFFERENT', effect = -0.3, judged_at = now()"
                + " where bisect_id = ?")
        .param(s.running())
        .update();
    stored.probe(s.running(), 1, 2, stored.comparison("queued"), null, null);
    wait.until(driver -> driver.findElement(progress).getText().startsWith("probe 1 of about 2"));
    Path screenshots = Files.createDirectories(Path.of("target", "screenshots"));
    Files.write(
        screenshots.resolve("bisect-panels-alerts.png"), browser.getScreenshotAs(OutputType.BYTES));

    browser
        .findElement(By.cssSelector("#bisect-panel-" + s.found() + " button.bisect-annotate"))
        .click();
    wait.until(driver -> driver.getCurrentUrl().endsWith("/bisects/" + s.found()));
    assertThat(browser.findElement(By.id("bisect-result")).getText()).contains("Annotated");
    assertThat(
            jdbc.sql("select annotation_id from bisect where id = ?")
                .param(s.found())
                .query(Long.class)
                .optional())
        .isPresent();
  }
}
