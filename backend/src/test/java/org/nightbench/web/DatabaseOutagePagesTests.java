package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.FileSystemUtils;

/**
 * Pages and the API read while PostgreSQL is down, on a real server with a database of this test's
 * own: a one-line 503 with Retry-After, never an empty 500, within seconds; health DOWN and 503 (UP
 * and 200 on the fresh, idle instance); and back to 200 once it is up again.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
@DirtiesContext
class DatabaseOutagePagesTests {

  private static Path dataDirectory;
  private static int port;
  private static EmbeddedPostgres postgres;

  @LocalServerPort int serverPort;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) throws IOException {
    dataDirectory = Files.createTempDirectory("nightbench-outage-pages-pgdata");
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    startDatabase();
    String url = postgres.getJdbcUrl("postgres", "postgres");
    registry.add("spring.datasource.url", () -> url);
    registry.add("spring.datasource.username", () -> "postgres");
    // The application's own pool settings: reads and health must fail fast with them.
  }

  @AfterAll
  static void removeDatabase() throws IOException {
    postgres.close();
    FileSystemUtils.deleteRecursively(dataDirectory);
  }

  @Test
  void aReadWhileTheDatabaseIsDownIsAOneLine503() throws Exception {
    // A fresh instance with nothing queued is UP (no null detail of an empty queue makes it DOWN).
    HttpResponse<String> idle = get("/actuator/health");
    assertThat(idle.statusCode()).as(idle.body()).isEqualTo(200);
    assertThat(idle.body()).endsWith("\"status\":\"UP\"}");
    assertThat(get("/alerts").statusCode()).isEqualTo(200);
    postgres.close();
    try {
      // Each answer within the client's timeout (20 s, generous: the checks take 1 s, a read 3 s);
      // waiting on the application's pool, health took 80 s and a read 30.
      HttpResponse<String> health = get("/actuator/health");
      assertThat(health.statusCode()).as(health.body()).isEqualTo(503);
      assertThat(health.body())
          .endsWith("\"status\":\"DOWN\"}")
          .contains("\"db\":{\"status\":\"DOWN\"}");
      for (String path : new String[] {"/alerts", "/runs", "/api/runs?limit=5", "/"}) {
        HttpResponse<String> answer = get(path);
        assertThat(answer.statusCode()).as(path).isEqualTo(503);
        assertThat(answer.headers().firstValue("Retry-After")).as(path).isPresent();
        assertThat(answer.body()).as(path).contains("the database is unreachable");
      }
    } finally {
      startDatabase();
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (get("/api/runs?limit=5").statusCode() != 200
        || get("/actuator/health").statusCode() != 200) {
      assertThat(System.nanoTime()).as("the database is back").isLessThan(deadline);
      Thread.sleep(200);
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + path))
                .timeout(Duration.ofSeconds(20))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private static void startDatabase() throws IOException {
    postgres =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDirectory)
            .setCleanDataDirectory(false)
            .setPort(port)
            .start();
  }
}
