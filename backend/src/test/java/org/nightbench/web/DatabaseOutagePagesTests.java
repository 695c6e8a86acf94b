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
 * own: a one-line 503 with Retry-After, never an empty 500; and back to 200 once it is up again.
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
    registry.add("spring.datasource.hikari.connection-timeout", () -> "1000");
  }

  @AfterAll
  static void removeDatabase() throws IOException {
    postgres.close();
    FileSystemUtils.deleteRecursively(dataDirectory);
  }

  @Test
  void aReadWhileTheDatabaseIsDownIsAOneLine503() throws Exception {
    assertThat(get("/alerts").statusCode()).isEqualTo(200);
    postgres.close();
    try {
      for (String path : new String[] {"/alerts", "/runs", "/api/runs?limit=5", "/"}) {
        HttpResponse<String> answer = get(path);
        assertThat(answer.statusCode()).as(path).isEqualTo(503);
        assertThat(answer.headers().firstValue("Retry-After")).as(path).isPresent();
        assertThat(answer.body()).as(path).contains("the database is unreachable");
      }
    } finally {
      startDatabase();
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (get("/api/runs?limit=5").statusCode() != 200) {
      assertThat(System.nanoTime()).as("the database is back").isLessThan(deadline);
      Thread.sleep(200);
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serverPort + path))
                .timeout(Duration.ofSeconds(30))
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
