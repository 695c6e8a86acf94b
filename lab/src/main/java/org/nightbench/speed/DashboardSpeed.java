package org.nightbench.speed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.nightbench.browser.HeadlessChromium;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Measures the dashboard against a running app, the way issue 5 states its targets: one long
 * series' points through the API (time and gzipped bytes), the overview fully drawn in headless
 * Chromium, and a series page's chart drawn. Prints medians; asserts nothing.
 *
 * <p>usage: {@code DashboardSpeed [baseUrl] [repetitions]}, against an app holding a synthetic
 * history (see {@code scripts/dashboard-speed.sh}).
 */
public final class DashboardSpeed {

  private DashboardSpeed() {}

  public static void main(String[] args) throws Exception {
    String base = args.length > 0 ? args[0] : "http://localhost:8080";
    int repetitions = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    HttpClient http = HttpClient.newHttpClient();
    List<Long> bySize = seriesByPointCount(http, base);
    long series = bySize.get(0);

    // The first request for a series reads, writes and gzips its points; later ones reuse that
    // until the series changes. Measured on every other series, before anything else asks.
    List<Double> firstMillis = new ArrayList<>();
    for (long other : bySize.subList(1, bySize.size())) {
      long start = System.nanoTime();
      http.send(
          HttpRequest.newBuilder(URI.create(base + "/api/series/" + other + "/points"))
              .header("Accept-Encoding", "gzip")
              .build(),
          HttpResponse.BodyHandlers.discarding());
      firstMillis.add((System.nanoTime() - start) / 1e6);
    }

    List<Double> apiMillis = new ArrayList<>();
    long gzipBytes = 0;
    long plainBytes = 0;
    for (int i = 0; i < repetitions + 30; i++) {
      long start = System.nanoTime();
      HttpResponse<byte[]> response =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/api/series/" + series + "/points"))
                  .header("Accept-Encoding", "gzip")
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      double millis = (System.nanoTime() - start) / 1e6;
      if (i >= 30) { // the first requests warm the JIT and the database's caches
        apiMillis.add(millis);
      }
      gzipBytes = response.body().length;
    }
    plainBytes =
        http.send(
                HttpRequest.newBuilder(URI.create(base + "/api/series/" + series + "/points"))
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray())
            .body()
            .length;

    // The overview as a server answers it: one reader, then 32 at once (the figures).
    List<Double> overviewServer = new ArrayList<>();
    long overviewGzip = 0;
    for (int i = 0; i < repetitions + 10; i++) {
      long start = System.nanoTime();
      HttpResponse<byte[]> page =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/"))
                  .header("Accept-Encoding", "gzip")
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (i >= 10) {
        overviewServer.add((System.nanoTime() - start) / 1e6);
      }
      overviewGzip = page.body().length;
    }
    // A round of 32 readers first, not counted: the figure is the warm server's, as a morning's
    // readers meet it, not the first seconds of a just-compiled request path.
    concurrentReaders(http, base + "/", READERS, 10);
    long concurrentStart = System.nanoTime();
    List<Double> concurrent = concurrentReaders(http, base + "/", READERS, repetitions * 3);
    double throughput = concurrent.size() / ((System.nanoTime() - concurrentStart) / 1e9);
    int seriesCount = bySize.size();
    digestSpeed(http, base, repetitions);

    // A history written with KNN=false has no KNN series: its KNN page has nothing to draw.
    boolean hasKnn =
        !http.send(
                HttpRequest.newBuilder(URI.create(base + "/api/series/knn")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body()
            .contains("\"charts\":[]");
    Path profile = Files.createTempDirectory("nightbench-speed");
    ChromeDriver browser = HeadlessChromium.start(profile);
    try {
      List<Double> overview = new ArrayList<>();
      List<Double> chart = new ArrayList<>();
      List<Double> knn = new ArrayList<>();
      String knnDrawn = "";
      String knnTimeline = "";
      int sparklines = 0;
      for (int i = 0; i < repetitions + 2; i++) {
        browser.get(base + "/");
        Object loaded =
            browser.executeScript(
                "const n = performance.getEntriesByType('navigation')[0];"
                    + " return n.loadEventEnd > 0 ? n.loadEventEnd : null;");
        Number drawn = loaded instanceof Number n ? n : waitForLoad(browser);
        sparklines =
            ((Number)
                    browser.executeScript(
                        "return document.querySelectorAll('svg.sparkline path').length"))
                .intValue();
        // The KNN page: every format's chart per metric and the frontiers, all drawn.
        if (hasKnn) {
          browser.get(base + "/knn");
          Number knnChartsDrawn =
              (Number)
                  new WebDriverWait(browser, Duration.ofSeconds(30))
                      .until(
                          driver ->
                              browser.executeScript(
                                  "const m = performance.getEntriesByName('nightbench-knn-drawn');"
                                      + " return m.length ? m[0].startTime : null;"));
          knnDrawn =
              (String)
                  browser.executeScript(
                      "const k = window.nightbenchKnn;"
                          + " return k.charts.length + ' charts of '"
                          + " + k.charts.reduce((n, g) => n + g.numColumns() - 1, 0) + ' lines'"
                          + " + ' (' + k.charts.reduce((n, g) => n + g.numRows(), 0) + ' rows), '"
                          + " + k.frontier.length + ' frontiers';");
          if (i == repetitions + 1) {
            Files.write(
                Path.of("/tmp/nightbench-knn-page.png"), browser.getScreenshotAs(OutputType.BYTES));
            // Where the KNN page's time went: its points' responses, then the drawing.
            knnTimeline =
                (String)
                    browser.executeScript(
                        "const n = performance.getEntriesByType('navigation')[0];"
                            + " const points = performance.getEntriesByType('resource')"
                            + "   .filter(r => r.name.includes('/points'));"
                            + " return 'KNN page timeline: html ' + n.responseEnd.toFixed(0)"
                            + "   + ' ms, ' + points.length + ' points responses by '"
                            + "   + Math.max(...points.map(r => r.responseEnd)).toFixed(0)"
                            + "   + ' ms, drawn at '"
                            + "   + performance.getEntriesByName('nightbench-knn-drawn')[0]"
                            + "     .startTime.toFixed(0) + ' ms';");
          }
          if (i >= 2) {
            knn.add(knnChartsDrawn.doubleValue());
          }
        }
        browser.get(base + "/series/" + series);
        Number chartDrawn =
            (Number)
                new WebDriverWait(browser, Duration.ofSeconds(30))
                    .until(
                        driver ->
                            browser.executeScript(
                                "const m = performance.getEntriesByName('nightbench-chart-drawn');"
                                    + " return m.length ? m[0].startTime : null;"));
        if (i >= 2) {
          overview.add(drawn.doubleValue());
          chart.add(chartDrawn.doubleValue());
        }
      }
      Files.write(
          Path.of("/tmp/nightbench-series-page.png"), browser.getScreenshotAs(OutputType.BYTES));
      // Where the last series page's time went: a target missed is found here, not guessed at.
      System.out.println(
          browser.executeScript(
              "const n = performance.getEntriesByType('navigation')[0];"
                  + " const lines = ['series page timeline (ms after navigation start):',"
                  + "   '  html ' + n.responseEnd.toFixed(0)"
                  + "   + ', DOMContentLoaded ' + n.domContentLoadedEventEnd.toFixed(0)];"
                  + " for (const r of performance.getEntriesByType('resource')) {"
                  + "   lines.push('  ' + r.name.replace(location.origin, '') + ' '"
                  + "     + r.startTime.toFixed(0) + '..' + r.responseEnd.toFixed(0)); }"
                  + " for (const m of performance.getEntriesByType('mark')) {"
                  + "   lines.push('  mark ' + m.name + ' ' + m.startTime.toFixed(0)); }"
                  + " return lines.join('\\n');"));
      browser.get(base + "/");
      Files.write(
          Path.of("/tmp/nightbench-overview.png"), browser.getScreenshotAs(OutputType.BYTES));

      System.out.printf(
          Locale.ROOT,
          "series %d points API: median %.1f ms, p90 %.1f ms (%d requests, localhost);"
              + " %,d bytes gzipped, %,d plain%n",
          series,
          median(apiMillis),
          percentile(apiMillis, 0.9),
          apiMillis.size(),
          gzipBytes,
          plainBytes);
      System.out.printf(
          Locale.ROOT,
          "first request of each other series (reads and gzips its points): median %.1f ms,"
              + " p90 %.1f ms (%d series; only first if the app was just started)%n",
          median(firstMillis),
          percentile(firstMillis, 0.9),
          firstMillis.size());
      System.out.printf(
          Locale.ROOT,
          "overview of %d series, one reader: median %.1f ms, p90 %.1f ms from request to last"
              + " byte; %,d bytes gzipped%n",
          seriesCount,
          median(overviewServer),
          percentile(overviewServer, 0.9),
          overviewGzip);
      System.out.printf(
          Locale.ROOT,
          "overview under %d concurrent readers: p50 %.0f ms, p99 %.0f ms (%d requests),"
              + " %.0f requests/s%n",
          READERS,
          median(concurrent),
          percentile(concurrent, 0.99),
          concurrent.size(),
          throughput);
      System.out.printf(
          Locale.ROOT,
          "overview (%d sparklines) loaded and drawn: median %.0f ms, p90 %.0f ms%n",
          sparklines,
          median(overview),
          percentile(overview, 0.9));
      System.out.printf(
          Locale.ROOT,
          "series page chart drawn: median %.0f ms, p90 %.0f ms after navigation start%n",
          median(chart),
          percentile(chart, 0.9));
      if (hasKnn) {
        System.out.printf(
            Locale.ROOT,
            "KNN page (%s) drawn: median %.0f ms, p90 %.0f ms after navigation start%n",
            knnDrawn,
            median(knn),
            percentile(knn, 0.9));
        System.out.println(knnTimeline);
      } else {
        System.out.println("KNN page: not measured, the history has no KNN series (KNN=false)");
      }
    } finally {
      browser.quit();
      FileSystemUtils.deleteRecursively(profile);
    }
  }

  /**
   * The digest (issue 28) as a server answers it, after one warming request each (the first of a
   * history written without ingestion judges and keeps it): a run's digest in JSON, the run page
   * that shows it, the digest between two runs a hundred nights apart, and the overview's digest.
   */
  private static void digestSpeed(HttpClient http, String base, int repetitions)
      throws IOException, InterruptedException {
    JsonNode latest =
        JsonMapper.builder()
            .build()
            .readTree(
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/digest/latest")).build(),
                        HttpResponse.BodyHandlers.ofString())
                    .body());
    JsonNode first = latest.get("digests").get(0);
    long to = first.get("to").get("id").asLong();
    long since = to - 100;
    List<String> urls =
        List.of(
            "/api/digest/latest",
            "/api/runs/" + to + "/digest",
            "/runs/" + to,
            "/api/digest?from=" + since + "&to=" + to,
            "/digest?from=" + since + "&to=" + to);
    for (String url : urls) {
      List<Double> millis = new ArrayList<>();
      int status = 0;
      long bytes = 0;
      for (int i = 0; i < repetitions + 3; i++) {
        long start = System.nanoTime();
        HttpResponse<byte[]> response =
            http.send(
                HttpRequest.newBuilder(URI.create(base + url))
                    .header("Accept-Encoding", "gzip")
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (i >= 3) {
          millis.add((System.nanoTime() - start) / 1e6);
        }
        status = response.statusCode();
        bytes = response.body().length;
      }
      System.out.printf(
          Locale.ROOT,
          "digest %s: HTTP %d, median %.1f ms, p90 %.1f ms; %,d bytes gzipped (%d series in the"
              + " run)%n",
          url,
          status,
          median(millis),
          percentile(millis, 0.9),
          bytes,
          first.get("rows").size());
    }
  }

  /** How many readers ask for the overview at once. */
  static final int READERS = 32;

  /**
   * {@code readers} threads each asking for {@code url} {@code each} times, all started together;
   * every request's time from sending to the last byte.
   */
  static List<Double> concurrentReaders(HttpClient http, String url, int readers, int each)
      throws InterruptedException {
    List<Double> millis = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int r = 0; r < readers; r++) {
      Thread reader =
          new Thread(
              () -> {
                try {
                  go.await();
                  for (int i = 0; i < each; i++) {
                    long start = System.nanoTime();
                    http.send(
                        HttpRequest.newBuilder(URI.create(url))
                            .header("Accept-Encoding", "gzip")
                            .build(),
                        HttpResponse.BodyHandlers.discarding());
                    millis.add((System.nanoTime() - start) / 1e6);
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "overview-reader-" + r);
      reader.start();
      threads.add(reader);
    }
    go.countDown();
    for (Thread reader : threads) {
      reader.join();
    }
    return new ArrayList<>(millis);
  }

  private static Number waitForLoad(ChromeDriver browser) {
    return (Number)
        new WebDriverWait(browser, Duration.ofSeconds(30))
            .until(
                driver ->
                    browser.executeScript(
                        "const n = performance.getEntriesByType('navigation')[0];"
                            + " return n.loadEventEnd > 0 ? n.loadEventEnd : null;"));
  }

  /** Every series' id, the longest first: the one the targets speak of. */
  private static List<Long> seriesByPointCount(HttpClient http, String base)
      throws IOException, InterruptedException {
    JsonNode groups =
        JsonMapper.builder()
            .build()
            .readTree(
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/api/series")).build(),
                        HttpResponse.BodyHandlers.ofString())
                    .body());
    List<JsonNode> summaries = new ArrayList<>();
    groups.forEach(group -> group.get("series").forEach(summaries::add));
    if (summaries.isEmpty()) {
      throw new IllegalStateException("no series at " + base + ": generate a synthetic history");
    }
    summaries.sort(
        Comparator.comparingLong((JsonNode summary) -> summary.get("pointCount").asLong())
            .reversed());
    return summaries.stream().map(summary -> summary.get("series").get("id").asLong()).toList();
  }

  private static double median(List<Double> values) {
    return percentile(values, 0.5);
  }

  static double percentile(List<Double> values, double p) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
  }
}
