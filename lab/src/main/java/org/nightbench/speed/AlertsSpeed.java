package org.nightbench.speed;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.nightbench.InProcessApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.FileSystemUtils;

/**
 * The alerts page under load: starts the app in this JVM on a fresh embedded database, stores
 * {@code alerts} untriaged change points (ten a night, on 30 series of three machines), and asks
 * for {@code /alerts} as one reader and as 32 at once. Prints requests per second, p50 and p99, and
 * the machine's load; asserts nothing.
 *
 * <p>usage: {@code AlertsSpeed [alerts] [requestsPerReader]} (see {@code scripts/alerts-speed.sh})
 */
public final class AlertsSpeed {

  private AlertsSpeed() {}

  public static void main(String[] args) throws Exception {
    int alerts = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int each = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Path data = Files.createTempDirectory("nightbench-alerts-speed");
    ConfigurableApplicationContext app =
        InProcessApplication.start(
            "--server.port=0",
            "--nightbench.database.embedded.data-directory=" + data,
            "--nightbench.backfill.enabled=false",
            "--nightbench.runner.worker-enabled=false",
            "--nightbench.nightly.enabled=false",
            "--logging.level.root=WARN");
    try {
      store(app.getBean(JdbcClient.class), alerts);
      int port = ((WebServerApplicationContext) app).getWebServer().getPort();
      String url = "http://localhost:" + port + "/alerts";
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> page =
          http.send(
              HttpRequest.newBuilder(URI.create(url)).build(),
              HttpResponse.BodyHandlers.ofString());
      System.out.printf(
          Locale.ROOT,
          "/alerts with %d alerts: %d, %d KB, %d rows on its first page%n",
          alerts,
          page.statusCode(),
          page.body().length() / 1024,
          page.body().split("<tr id=\"alert-", -1).length - 1);
      // Warm-up rounds, not counted: the figure is the warm server's.
      DashboardSpeed.concurrentReaders(http, url, DashboardSpeed.READERS, 5);
      List<Double> one = DashboardSpeed.concurrentReaders(http, url, 1, each * 2);
      long start = System.nanoTime();
      List<Double> many = DashboardSpeed.concurrentReaders(http, url, DashboardSpeed.READERS, each);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "/alerts, one reader: p50 %.1f ms, p99 %.1f ms (%d requests)%n",
          DashboardSpeed.percentile(one, 0.5),
          DashboardSpeed.percentile(one, 0.99),
          one.size());
      System.out.printf(
          Locale.ROOT,
          "/alerts, %d readers: %.0f requests/s, p50 %.1f ms, p99 %.1f ms (%d requests)%n",
          DashboardSpeed.READERS,
          many.size() / seconds,
          DashboardSpeed.percentile(many, 0.5),
          DashboardSpeed.percentile(many, 0.99),
          many.size());
      System.out.println(
          "load average (1, 5, 15 min): "
              + Files.readString(Path.of("/proc/loadavg")).split(" ", 4)[0]
              + " "
              + Files.readString(Path.of("/proc/loadavg")).split(" ", 4)[1]
              + " "
              + Files.readString(Path.of("/proc/loadavg")).split(" ", 4)[2]
              + ", "
              + Runtime.getRuntime().availableProcessors()
              + " cores");
    } finally {
      app.close();
      FileSystemUtils.deleteRecursively(data);
    }
  }

  /** {@code alerts} untriaged change points, ten a night, each on its own series and run. */
  private static void store(JdbcClient jdbc, int alerts) {
    List<Long> series = new ArrayList<>();
    for (int s = 0; s < 30; s++) {
      series.add(
          jdbc.sql(
                  "insert into series (fingerprint, benchmark, task, metric, unit,"
                      + " higher_is_better, machine, jdk, corpus, profile) values (?, 'search', ?,"
                      + " 'qps', 'queries/s', true, ?, '21', 'wikimedium10k', 'nightly')"
                      + " returning id")
              .params(UUID.randomUUID().toString(), "Task" + s, "bench-" + (s % 3))
              .query(Long.class)
              .single());
    }
    long previous = 0;
    for (int night = 0; night * 10 < alerts; night++) {
      long run =
          jdbc.sql(
                  "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                      + " commit_sha) values ('git:main', '11.0.0', 'bench-0', 'nightly',"
                      + " 'wikimedium10k', 'succeeded', ?) returning id")
              .param(String.format(Locale.ROOT, "%040x", night + 1))
              .query(Long.class)
              .single();
      for (int i = 0; i < 10 && night * 10 + i < alerts; i++) {
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, p_value, direction) values (?, ?, ?,"
                    + " now() - make_interval(days => ?), 100, 93, -0.07, 0.001, 'regression')")
            .params(
                series.get((night * 10 + i) % 30),
                run,
                previous == 0 ? null : previous,
                alerts - night)
            .update();
      }
      previous = run;
    }
  }
}
