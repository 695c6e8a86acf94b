package org.nightbench.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.nightbench.comparisons.ComparisonResult;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.TestMethod;
import org.nightbench.statistics.Verdict;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every main page in one headless Chromium on a phone (390 px) and a desktop (1400 px): the page
 * never needs sideways panning at 390 px, every navigation entry can be reached (seen and not
 * covered), and axe-core finds no serious or critical accessibility violation. Screenshots of both
 * widths go to {@code target/screenshots/pages/} (the ones in docs/screenshots are copies).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class PagesBrowserTests {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots", "pages");
  private static final List<String> NAV =
      List.of(
          "Series",
          "KNN",
          "Runs",
          "Alerts",
          "Comparisons",
          "Bisects",
          "Machines",
          "API",
          "Sign in");

  @RegisterExtension static final BrowserSession CHROMIUM = new BrowserSession();

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired JsonMapper json;

  @Test
  void everyPageFitsAPhoneKeepsItsNavigationAndPassesAxe() throws Exception {
    Map<String, String> pages = scenario();
    Axe axe = new Axe();
    ChromeDriver browser = CHROMIUM.browser();
    List<String> problems = new ArrayList<>();
    for (int width : List.of(390, 1400)) {
      browser.manage().window().setSize(new Dimension(width, 900));
      for (Map.Entry<String, String> page : pages.entrySet()) {
        String where = page.getKey() + " at " + width + " px";
        browser.get("http://localhost:" + port + page.getValue());
        if (page.getKey().equals("knn")) {
          // Its charts and frontiers are drawn once the points have come.
          new WebDriverWait(browser, Duration.ofSeconds(60))
              .until(
                  d -> d.findElements(By.cssSelector("#knn-frontier .frontier canvas")).size() > 1);
        }
        if (page.getKey().equals("series")) {
          // The chart and its points table are drawn once the points have come.
          new WebDriverWait(browser, Duration.ofSeconds(60))
              .until(d -> !d.findElements(By.cssSelector("#chart canvas")).isEmpty());
          if (width == 390) {
            pointsTableOpensFromTheKeyboard(browser, problems);
          }
        }
        long innerWidth = (Long) browser.executeScript("return window.innerWidth");
        assertThat(innerWidth).as("the window's inner width").isEqualTo(width);
        if (width == 390) {
          long scrollWidth =
              (Long) browser.executeScript("return document.documentElement.scrollWidth");
          if (scrollWidth > innerWidth) {
            problems.add(
                where
                    + ": the page is "
                    + scrollWidth
                    + " px wide, wider than the window"
                    + widest(browser));
          }
        }
        for (String label : NAV) {
          String why = unreachable(browser, label);
          if (why != null) {
            problems.add(where + ": the nav entry '" + label + "' " + why);
          }
        }
        for (String violation : axe.violations(browser)) {
          problems.add(where + ": axe: " + violation);
        }
        screenshot(browser, page.getKey() + "-" + width);
      }
    }
    // The icon every browser asks for on its own.
    Object icon =
        browser.executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + " fetch('/favicon.ico').then(r => r.blob().then(b => done(r.status + ' ' + b.size)));");
    if (!String.valueOf(icon).matches("200 [1-9]\\d*")) {
      problems.add("/favicon.ico answers " + icon);
    }
    assertThat(problems).isEmpty();
  }

  /**
   * The chart's points table: its summary takes the focus and Enter opens it, one row per point
   * (the scenario's 30), each with its run's link.
   */
  private static void pointsTableOpensFromTheKeyboard(ChromeDriver browser, List<String> problems) {
    WebElement summary = browser.findElement(By.cssSelector("#chart-points-details > summary"));
    browser.executeScript("arguments[0].focus()", summary);
    if (!summary.equals(browser.switchTo().activeElement())) {
      problems.add("series: the points table's summary does not take the keyboard's focus");
      return;
    }
    summary.sendKeys(Keys.ENTER);
    // The table fills once the chart's points have arrived, later on a busy machine.
    try {
      new WebDriverWait(browser, Duration.ofSeconds(60))
          .until(d -> d.findElements(By.cssSelector("#chart-points tbody tr")).size() >= 30);
    } catch (org.openqa.selenium.TimeoutException e) {
      // counted below
    }
    List<WebElement> rows = browser.findElements(By.cssSelector("#chart-points tbody tr"));
    long linked =
        rows.stream()
            .filter(
                r ->
                    r.findElements(By.cssSelector("td:last-child a")).stream()
                        .anyMatch(a -> a.getAttribute("href").matches(".*/runs/\\d+$")))
            .count();
    if (rows.size() != 30 || linked != 30) {
      problems.add(
          "series: the points table has "
              + rows.size()
              + " rows, "
              + linked
              + " with a run's link, not 30");
    }
  }

  /** Why the nav link named {@code label} cannot be reached, or null when it can. */
  private static String unreachable(ChromeDriver browser, String label) {
    return (String)
        browser.executeScript(
            """
            const link = [...document.querySelectorAll('.site-header nav a')]
                .find(a => a.textContent.trim() === arguments[0]);
            if (!link) return 'is missing';
            link.scrollIntoView({block: 'center', inline: 'nearest'});
            const r = link.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) return 'is not shown';
            if (r.left < 0 || r.right > window.innerWidth) {
              return 'lies outside the window (' + Math.round(r.left) + '..' + Math.round(r.right) + ')';
            }
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!link.contains(hit)) return 'is covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
            window.scrollTo(0, 0);
            return null;
            """,
            label);
  }

  /** The elements that reach past the window's right edge, to say what widens the page. */
  private static String widest(ChromeDriver browser) {
    return (String)
        browser.executeScript(
            """
            const out = [];
            for (const e of document.querySelectorAll('body *')) {
              const r = e.getBoundingClientRect();
              // A box inside a scrolling container is clipped by it, unless it is placed absolutely
              // against something outside it (then it widens the page like any other).
              const position = getComputedStyle(e).position;
              const placed = position === 'absolute' || position === 'fixed';
              if (r.right > window.innerWidth + 1 && (placed || e.closest('.table-scroll, .run-log, .run-environment, pre') === null)) {
                out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                    + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '')
                    + ' ' + Math.round(r.right));
              }
              if (out.length >= 6) break;
            }
            return out.length ? ' (' + out.join(', ') + ')' : '';
            """);
  }

  /** The whole page, not only the window: Chromium's DevTools protocol can draw beyond it. */
  private static void screenshot(ChromeDriver browser, String name) {
    Map<String, Object> shot =
        browser.executeCdpCommand(
            "Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true));
    try {
      Files.createDirectories(SCREENSHOTS);
      Files.write(
          SCREENSHOTS.resolve(name + ".png"),
          Base64.getDecoder().decode((String) shot.get("data")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A machine of its own (the browser tests share one database, committed) with a few series over
   * thirty nights, a regression detected on one and an annotation, a finished comparison and a
   * bisect: the pages' paths by name.
   */
  private Map<String, String> scenario() {
    String machine = "pages-" + UUID.randomUUID().toString().substring(0, 8);
    Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(30));
    List<Long> runs = new ArrayList<>();
    for (int night = 0; night < 30; night++) {
      runs.add(run(machine, "git:main", "11.0.0-SNAPSHOT", sha(night), "succeeded"));
    }
    long first = 0;
    String[][] tasks = {
      {"search", "AndHighHigh", "qps", "queries/s"},
      {"search", "TermDTSortSkipper", "qps", "queries/s"},
      {"search", "FilteredOrHighHigh", "qps", "queries/s"},
      {"indexing", "1kb-docs", "indexingThroughput", "docs/s"},
    };
    for (String[] t : tasks) {
      long series = series(machine, t[0], t[1], t[2], t[3]);
      first = first == 0 ? series : first;
      for (int night = 0; night < 30; night++) {
        double level = series == first && night >= 20 ? 80 : 100;
        jdbc.sql(
                "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                    + " values (?, ?, ?, ?, ?, ?)")
            .params(
                series,
                runs.get(night),
                Timestamp.from(start.plus(Duration.ofDays(night))),
                level + (night % 3),
                1.5,
                new Double[] {level + (night % 3)})
            .update();
      }
    }
    long changePoint =
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, p_value, direction) values (?, ?, ?, ?, 101,"
                    + " 81, -0.198, 0.0001, 'regression') returning id")
            .params(
                first, runs.get(20), runs.get(19), Timestamp.from(start.plus(Duration.ofDays(20))))
            .query(Long.class)
            .single();
    jdbc.sql(
            "insert into annotation (at, run_id, short_text, kind, scope, series_id, created_by)"
                + " values (?, ?, 'A codec change', 'code', 'series', ?, 'editor')")
        .params(Timestamp.from(start.plus(Duration.ofDays(10))), runs.get(10), first)
        .update();

    long comparison = run(machine, "git:candidate", "11.0.0-SNAPSHOT", null, "succeeded");
    jdbc.sql(
            "insert into comparison (run_id, baseline_spec, candidate_spec, jvms, result)"
                + " values (?, 'maven:10.3.0', 'git:main', 4, cast(? as jsonb))")
        .params(comparison, json.writeValueAsString(comparisonResult()))
        .update();

    long bisect = bisect(machine, first, changePoint);
    knnHistory(machine, start, runs);
    // A skip note names a Java class longer than a phone's line; the run page and the digest's
    // "Gone silent" list (which shows the newest run's skip notes) must wrap it.
    jdbc.sql(
            "update run set notes = array['knn bq: skipped, this Lucene has no"
                + " Lucene102HnswBinaryQuantizedVectorsFormat'] where machine = ?")
        .param(machine)
        .update();

    // A disturbed run of a revision not yet resolved: its spec (a whole commit id) widens the
    // runs table's Lucene column, and its status cell carries the verdict's reason for screen
    // readers in a hidden text whose box then sits beyond a phone's edge.
    long disturbed = run(machine, "git:" + sha(31), null, null, "succeeded");
    jdbc.sql(
            "update run set disturbed_reason = 'calibration moved +29.0 % from this machine''s"
                + " recent median 12.11 (5 runs) during the run' where id = ?")
        .param(disturbed)
        .update();

    Map<String, String> pages = new LinkedHashMap<>();
    pages.put("overview", "/?machine=" + machine);
    pages.put("series", "/series/" + first);
    pages.put(
        "knn", "/knn?machine=" + machine + "&jdk=25.0.1&corpus=wikimedium10k&profile=nightly");
    pages.put("alerts", "/alerts?machine=" + machine);
    pages.put("runs", "/runs");
    pages.put("run", "/runs/" + runs.get(29));
    pages.put("comparison", "/comparisons/" + comparison);
    pages.put("bisect", "/bisects/" + bisect);
    pages.put("machines", "/machines");
    pages.put("sign-in", "/login");
    return pages;
  }

  /**
   * The KNN step's series of two formats at three fanouts over the thirty nights, at the levels of
   * a real run; on night 20 hnsw's searches get 12 % faster and a little less exact.
   */
  private void knnHistory(String machine, Instant start, List<Long> runs) {
    String[] formats = {"hnsw", "int7"};
    int[] fanouts = {0, 50, 100};
    double[][] recall = {{0.61, 0.94, 0.97}, {0.58, 0.92, 0.95}};
    double[][] latency = {{0.13, 0.21, 0.29}, {0.22, 0.38, 0.52}};
    for (int f = 0; f < formats.length; f++) {
      for (int n = 0; n < fanouts.length; n++) {
        String task = formats[f] + "-fanout" + fanouts[n];
        long r = series(machine, "knn", task, "recall", "recall@10", true);
        long l = series(machine, "knn", task, "latencyMeanMs", "ms", false);
        for (int night = 0; night < 30; night++) {
          boolean after = f == 0 && night >= 20;
          double wobble = 1 + 0.01 * (night % 3);
          measure(r, runs.get(night), start, night, recall[f][n] * (after ? 0.985 : 1), 0.003);
          measure(
              l, runs.get(night), start, night, latency[f][n] * (after ? 0.88 : 1) * wobble, 0.01);
        }
      }
      long size = series(machine, "knn", formats[f], "indexMB", "MB", false);
      for (int night = 0; night < 30; night++) {
        measure(size, runs.get(night), start, night, 15.1 + 4 * f, 0.05);
      }
    }
  }

  private void measure(long series, long run, Instant start, int night, double value, double sd) {
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " values (?, ?, ?, ?, ?, ?)")
        .params(
            series,
            run,
            Timestamp.from(start.plus(Duration.ofDays(night))),
            value,
            sd,
            new Double[] {value})
        .update();
  }

  private static ComparisonResult comparisonResult() {
    String[] names = {
      "AndHighHigh", "OrHighHigh", "TermDTSortSkipper", "Fuzzy1", "Prefix3", "IntNRQ"
    };
    double[] differences = {-0.12, -0.01, 0.004, 0.02, 0.09, 0.0};
    List<TaskComparison> tasks = new ArrayList<>();
    List<ComparisonResult.Samples> samples = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      double d = differences[i];
      Verdict verdict =
          d <= -0.05 ? Verdict.SLOWER : d >= 0.05 ? Verdict.FASTER : Verdict.NO_DIFFERENCE;
      tasks.add(
          new TaskComparison(
              names[i],
              4,
              100,
              2,
              4,
              100 * (1 + d),
              2,
              d,
              d - 0.03,
              d + 0.03,
              TestMethod.WELCH,
              Math.abs(d) > 0.05 ? 0.001 : 0.6,
              Math.abs(d) > 0.05 ? 0.004 : 0.7,
              verdict));
      samples.add(
          new ComparisonResult.Samples(
              names[i],
              new double[] {98, 100, 101, 102},
              new double[] {98 * (1 + d), 100 * (1 + d), 101 * (1 + d), 102 * (1 + d)}));
    }
    ComparisonResult.Table table =
        new ComparisonResult.Table(
            "search",
            "qps",
            "queries/s",
            true,
            tasks,
            samples,
            "Task QPS baseline StdDev QPS candidate StdDev Pct diff p-value",
            null);
    return new ComparisonResult(
        "10.3.0", "11.0.0-SNAPSHOT", "25", List.of(table), List.of(), List.of(), List.of());
  }

  private long bisect(String machine, long series, long changePoint) {
    long id =
        jdbc.sql(
                "insert into bisect (benchmark, task, metric, profile, corpus, jvms, max_jvms,"
                    + " state, good_position, bad_position, reference_effect, message,"
                    + " change_point_id, series_id, requested_by) values ('search', 'AndHighHigh',"
                    + " 'qps', 'nightly', 'wikimedium10k', 5, 20, 'found', 2, 3, -0.2,"
                    + " 'the change is 0000003 subject 3', ?, ?, 'editor') returning id")
            .params(changePoint, series)
            .query(Long.class)
            .single();
    for (int position = 0; position <= 4; position++) {
      jdbc.sql(
              "insert into bisect_commit (bisect_id, position, sha, subject, author, committed_at)"
                  + " values (?, ?, ?, ?, 'dev', now() - ? * interval '1 hour')")
          .params(id, position, sha(position), "LUCENE: subject " + position, 4 - position)
          .update();
    }
    int[][] probes = {{0, 4}, {1, 2}, {2, 3}};
    String[] verdicts = {"DIFFERENT", "SAME", "DIFFERENT"};
    double[] effects = {-0.2, -0.01, -0.19};
    for (int i = 0; i < probes.length; i++) {
      long comparison = run(machine, "git:a", "11.0.0-SNAPSHOT", null, "succeeded");
      jdbc.sql(
              "insert into comparison (run_id, baseline_spec, candidate_spec, jvms)"
                  + " values (?, 'git:a', 'git:b', 5)")
          .param(comparison)
          .update();
      jdbc.sql(
              "insert into bisect_probe (bisect_id, step, position, comparison_id, jvms, verdict,"
                  + " effect, effect_low, effect_high) values (?, ?, ?, ?, 5, ?, ?, ?, ?)")
          .params(
              id,
              probes[i][0],
              probes[i][1],
              comparison,
              verdicts[i],
              effects[i],
              effects[i] - 0.02,
              effects[i] + 0.02)
          .update();
    }
    return id;
  }

  private long series(String machine, String benchmark, String task, String metric, String unit) {
    return series(machine, benchmark, task, metric, unit, true);
  }

  private long series(
      String machine,
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile)"
                + " values (?, ?, ?, ?, ?, ?, ?, '25.0.1', 'wikimedium10k', 'nightly')"
                + " returning id")
        .params(
            UUID.randomUUID().toString(), benchmark, task, metric, unit, higherIsBetter, machine)
        .query(Long.class)
        .single();
  }

  private long run(String machine, String spec, String version, String sha, String status) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " commit_sha, jdk) values (?, ?, ?, 'nightly', 'wikimedium10k', ?, ?, '25.0.1')"
                + " returning id")
        .params(spec, version, machine, status, sha)
        .query(Long.class)
        .single();
  }

  private static String sha(int position) {
    return String.format(Locale.ROOT, "%07d", position).repeat(6).substring(0, 40);
  }
}
