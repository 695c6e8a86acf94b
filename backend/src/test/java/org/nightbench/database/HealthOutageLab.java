package org.nightbench.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.nightbench.InProcessApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

/**
 * A lab command, not a test: how {@code /actuator/health} and a page read ({@code /runs}) answer
 * while PostgreSQL is away and after it is back, with the application's own pool settings. Starts
 * the application on an embedded PostgreSQL, reads both a few times, stops PostgreSQL for {@code
 * outage} seconds reading both in turn, starts it again and times how long each takes to answer 200
 * again, nothing restarted. Prints each phase's statuses and answer times (p50, max).
 *
 * <p>usage: {@code HealthOutageLab [outage seconds]} (see {@code scripts/health-outage.sh}).
 */
public final class HealthOutageLab {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** Longer than any answer may take: a read that waits for it is the finding. */
  private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);

  private HealthOutageLab() {}

  /** One answer: its HTTP status (0: none within the client's timeout) and how long it took. */
  record Answer(int status, long millis) {}

  public static void main(String[] args) throws Exception {
    int outage = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    Path data = Files.createTempDirectory("nightbench-health-outage-lab");
    int databasePort;
    try (ServerSocket socket = new ServerSocket(0)) {
      databasePort = socket.getLocalPort();
    }
    EmbeddedPostgres postgres = start(data, databasePort);
    ConfigurableApplicationContext app =
        InProcessApplication.start(
            "--spring.profiles.active=test",
            "--server.port=0",
            "--spring.datasource.url=" + postgres.getJdbcUrl("postgres", "postgres"),
            "--spring.datasource.username=postgres",
            "--logging.level.root=WARN",
            "--logging.level.com.zaxxer.hikari=OFF");
    try {
      String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
      List<Answer> health = new ArrayList<>();
      List<Answer> page = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        health.add(get(base + "/actuator/health"));
        page.add(get(base + "/runs"));
      }
      report("database up", "/actuator/health", health);
      report("database up", "/runs", page);

      postgres.close();
      health.clear();
      page.clear();
      long end = System.nanoTime() + Duration.ofSeconds(outage).toNanos();
      while (System.nanoTime() < end) {
        long next = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        health.add(get(base + "/actuator/health"));
        page.add(get(base + "/runs"));
        Thread.sleep(Math.max(0, (next - System.nanoTime()) / 1_000_000));
      }
      report("database away " + outage + " s", "/actuator/health", health);
      report("database away " + outage + " s", "/runs", page);

      postgres = start(data, databasePort);
      long back = System.nanoTime();
      long healthBack = -1;
      long pageBack = -1;
      long deadline = back + Duration.ofMinutes(2).toNanos();
      while ((healthBack < 0 || pageBack < 0) && System.nanoTime() < deadline) {
        if (healthBack < 0 && get(base + "/actuator/health").status() == 200) {
          healthBack = (System.nanoTime() - back) / 1_000_000;
        }
        if (pageBack < 0 && get(base + "/runs").status() == 200) {
          pageBack = (System.nanoTime() - back) / 1_000_000;
        }
        Thread.sleep(100);
      }
      System.out.printf(
          Locale.ROOT,
          "database back: /actuator/health 200 after %s, /runs 200 after %s, nothing restarted%n",
          healthBack < 0 ? "more than 2 min" : healthBack + " ms",
          pageBack < 0 ? "more than 2 min" : pageBack + " ms");
    } finally {
      app.close();
      postgres.close();
      FileSystemUtils.deleteRecursively(data);
    }
  }

  private static Answer get(String url) throws InterruptedException {
    long start = System.nanoTime();
    int status;
    try {
      status =
          CLIENT
              .send(
                  HttpRequest.newBuilder(URI.create(url)).timeout(CLIENT_TIMEOUT).build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode();
    } catch (HttpTimeoutException e) {
      status = 0;
    } catch (IOException e) {
      status = -1;
    }
    return new Answer(status, (System.nanoTime() - start) / 1_000_000);
  }

  /** "database away 60 s, /runs: 60 answers, 503 × 60, p50 3012 ms, max 3100 ms". */
  private static void report(String phase, String path, List<Answer> answers) {
    Map<Integer, Integer> statuses = new TreeMap<>();
    answers.forEach(a -> statuses.merge(a.status(), 1, Integer::sum));
    long[] millis = answers.stream().mapToLong(Answer::millis).sorted().toArray();
    StringBuilder counts = new StringBuilder();
    statuses.forEach(
        (status, n) ->
            counts
                .append(counts.isEmpty() ? "" : ", ")
                .append(status == 0 ? "no answer" : status == -1 ? "refused" : status)
                .append(" × ")
                .append(n));
    System.out.printf(
        Locale.ROOT,
        "%s, %s: %d answers, %s, p50 %d ms, max %d ms%n",
        phase,
        path,
        answers.size(),
        counts,
        millis[millis.length / 2],
        millis[millis.length - 1]);
  }

  private static EmbeddedPostgres start(Path data, int port) throws IOException {
    return EmbeddedPostgres.builder()
        .setDataDirectory(data)
        .setCleanDataDirectory(false)
        .setPort(port)
        .start();
  }
}
