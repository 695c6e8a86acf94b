package org.nightbench.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.browser.BrowserSession;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.users.TestUsers;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.util.HtmlUtils;

/**
 * JFR profiles end to end on real Lucene releases: a run of a profile with {@code jfr} records its
 * search and indexing JVMs, ingest summarises them, the run page lists the hottest methods and
 * serves the flame graph; a comparison asked for profiles shows what got slower on its page.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureMockMvc
@ActiveProfiles("test")
class JfrRunTests {

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired MockMvc mvc;
  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JfrService profiles;

  @Test
  void aRunWithJfrStoresEachBenchmarksHottestMethodsAndFlameGraph() throws Exception {
    Run run = runs.enqueue("maven:9.12.3", "profiled", null, "manual");
    QueuedRuns.runAll(dataSource, worker);

    List<HotMethods> hottest = profiles.hottest(run.id(), JfrRecorder.NO_SIDE);
    assertThat(hottest)
        .extracting(h -> h.profile().benchmark())
        .containsExactlyInAnyOrder("indexing", "search");
    HotMethods search =
        hottest.stream().filter(h -> h.profile().benchmark().equals("search")).findFirst().get();
    assertThat(search.profile().jvms()).isEqualTo(2);
    assertSensible(search.profile());
    assertThat(search.methods()).hasSizeBetween(1, JfrService.HOTTEST);
    assertThat(search.methods())
        .isSortedAccordingTo((a, b) -> Long.compare(b.selfSamples(), a.selfSamples()));

    String page =
        mvc.perform(get("/runs/{id}", run.id()))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(page)
        .contains("Where the time went (JFR profiles)")
        .contains("/profiles/" + search.profile().id() + "/flame-graph")
        // Pages escape the name: a constructor's frame is "<init>", written "&lt;init&gt;".
        .contains(HtmlUtils.htmlEscape(search.methods().get(0).method()));
    mvc.perform(get("/profiles/{id}/flame-graph", search.profile().id()))
        .andExpect(status().isOk())
        .andExpect(header().string("Content-Security-Policy", JfrPageController.FLAME_GRAPH_POLICY))
        .andExpect(
            result ->
                assertThat(result.getResponse().getContentAsString())
                    .startsWith("<!DOCTYPE html>")
                    .contains("Run " + run.id() + ": search (2 JVMs"));
    // The recordings themselves were files of the work directory, which goes with the run.
    assertThat(
            Files.exists(
                Path.of(
                    System.getProperty("java.io.tmpdir"),
                    "nightbench-tests",
                    "work",
                    "run-" + run.id())))
        .isFalse();
  }

  @Test
  void aComparisonWithJfrShowsWhatGotSlowerOnItsPage() throws Exception {
    String location =
        mvc.perform(
                post("/api/comparisons")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(
                        "{\"baseline\":\"maven:9.12.3\",\"candidate\":\"maven:10.6.0\",\"jvms\":2,"
                            + "\"profile\":\"tiny\",\"jfr\":true,"
                            + "\"categories\":[\"OrHighHigh\",\"HighTerm\"]}")
                    .with(TestUsers.editor()))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.jfr").value(true))
            .andReturn()
            .getResponse()
            .getHeader("Location");
    long id = Long.parseLong(location.replace("/api/comparisons/", ""));
    QueuedRuns.runAll(dataSource, worker);

    List<JfrDiff> diffs = profiles.diffs(id, "baseline", id, "candidate");
    assertThat(diffs).extracting(JfrDiff::benchmark).containsExactly("search");
    JfrDiff search = diffs.get(0);
    assertSensible(search.before());
    assertSensible(search.after());
    assertThat(search.bySelf()).hasSizeBetween(1, JfrService.DIFF_ROWS);
    assertThat(search.bySelf())
        .isSortedAccordingTo(
            (a, b) -> Double.compare(Math.abs(b.selfChange()), Math.abs(a.selfChange())));
    assertThat(search.byTotal())
        .isSortedAccordingTo(
            (a, b) -> Double.compare(Math.abs(b.totalChange()), Math.abs(a.totalChange())));
    // A lambda is one method in every JVM, not one per address.
    assertThat(search.byTotal()).noneMatch(row -> row.method().contains("0x"));
    mvc.perform(
            get("/api/profiles/diff")
                .param("before", String.valueOf(id))
                .param("beforeSide", "baseline")
                .param("after", String.valueOf(id))
                .param("afterSide", "candidate"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$[0].benchmark").value("search"))
        .andExpect(jsonPath("$[0].bySelf[0].method").value(search.bySelf().get(0).method()));

    ChromeDriver browser = CHROMIUM.browser();
    browser.get("http://localhost:" + port + "/comparisons/" + id);
    WebElement section = browser.findElement(By.cssSelector(".profile-diffs"));
    // The browser's text is what it shows: "<init>" as it is (the page source escapes it).
    assertThat(section.getText())
        .containsIgnoringCase("What got slower")
        .contains(search.bySelf().get(0).method());
    List<WebElement> rows = section.findElements(By.cssSelector(".profile-diff-table tbody tr"));
    assertThat(rows).hasSize(search.bySelf().size() + search.byTotal().size());
    Path dir = Files.createDirectories(Path.of("target", "screenshots"));
    Files.write(dir.resolve("profile-diff.png"), browser.getScreenshotAs(OutputType.BYTES));
    // The flame graph link opens the converter's page, which draws (its script may run).
    browser.get("http://localhost:" + port + "/profiles/" + search.after().id() + "/flame-graph");
    assertThat(browser.findElements(By.tagName("canvas"))).isNotEmpty();
  }

  @Test
  void requestsNameProfilesByIdOnlyAndBadIdsAreRefusedInOneLine() throws Exception {
    mvc.perform(get("/profiles/{id}/flame-graph", "999999999")).andExpect(status().isNotFound());
    mvc.perform(get("/profiles/{id}/flame-graph", "..%2F..%2Fetc%2Fpasswd"))
        .andExpect(status().is4xxClientError());
    mvc.perform(get("/profiles/{id}/flame-graph", "1e3")).andExpect(status().isBadRequest());
    mvc.perform(get("/api/profiles/diff").param("before", "-1").param("after", "2"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("ids are positive numbers, got -1"));
    mvc.perform(
            get("/api/profiles/diff")
                .param("before", "1")
                .param("after", "2")
                .param("afterSide", "../../etc"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("side must be baseline or candidate"));
    mvc.perform(get("/api/profiles").param("run", "x")).andExpect(status().isBadRequest());
    mvc.perform(get("/profiles/diff").param("before", "1")).andExpect(status().isBadRequest());
    mvc.perform(get("/profiles/diff").param("before", "1").param("after", "99999999"))
        .andExpect(status().isOk());
  }

  /** Self shares add up to the profile's samples; no method is on more stacks than there are. */
  private void assertSensible(JfrSummary profile) {
    List<MethodShare> all = profiles.methods(profile);
    assertThat(profile.samples()).isPositive();
    assertThat(all.stream().mapToLong(MethodShare::selfSamples).sum()).isEqualTo(profile.samples());
    assertThat(all)
        .allSatisfy(
            m -> assertThat(m.totalSamples()).isBetween(m.selfSamples(), profile.samples()));
    assertThat(all.stream().mapToDouble(MethodShare::selfPercent).sum())
        .isCloseTo(100.0, within(1e-6));
    assertThat(all).anySatisfy(m -> assertThat(m.method()).startsWith("org.apache.lucene."));
  }
}
