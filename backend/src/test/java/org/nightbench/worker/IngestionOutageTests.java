package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.runs.RunnerSettings;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.FileSystemUtils;

/**
 * Real runs whose PostgreSQL stops while their last benchmark measures and comes back later: the
 * run keeps its result files and ingests them once the database is back, or, past the deadline,
 * fails saying why. The cluster is this test's own, stopped and started on the same data and port.
 */
@SpringBootTest
@ActiveProfiles("test")
@DirtiesContext
class IngestionOutageTests {

  private static Path dataDirectory;
  private static int port;
  private static EmbeddedPostgres postgres;

  @Autowired RunService runs;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunExecutor executor;
  @Autowired RunWorkDirectories workDirectories;
  @Autowired RunnerProperties settings;
  @Autowired JdbcClient jdbc;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) throws IOException {
    dataDirectory = Files.createTempDirectory("nightbench-outage-pgdata");
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    startDatabase();
    String url = postgres.getJdbcUrl("postgres", "postgres");
    registry.add("spring.datasource.url", () -> url);
    registry.add("spring.datasource.username", () -> "postgres");
    // While the database is away a connection is asked for in vain for this long, not 30 s.
    registry.add("spring.datasource.hikari.connection-timeout", () -> "1000");
  }

  @AfterAll
  static void removeDatabase() throws IOException {
    postgres.close();
    FileSystemUtils.deleteRecursively(dataDirectory);
  }

  @Test
  void aRunWhoseDatabaseRestartsKeepsItsResultFilesAndIngestsThemWhenItIsBack() throws Exception {
    Run run = runs.enqueue("maven:9.12.3", "brief", null, "manual");
    Path results = workDirectories.of(run.id());

    runThroughAnOutage(run, settings, "ingesting: ");

    Run done = runs.find(run.id()).orElseThrow();
    assertThat(done.error()).isNull();
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(count("select count(*) from measurement where run_id = :id", run.id())).isPositive();
    assertThat(count("select count(*) from run_result where run_id = :id", run.id()))
        .as("every result file, written before and during the outage")
        .isEqualTo(3);
    assertThat(runs.log(run.id(), 0))
        .anyMatch(
            line ->
                line.startsWith("ingesting: the database is unreachable (")
                    && line.endsWith("; trying again"));
    assertThat(results).as("removed once the run succeeded").doesNotExist();
  }

  @Test
  void aDatabaseAwayPastTheDeadlineFailsTheRunWithTheReasonAndKeepsItsFiles() throws Exception {
    Run run = runs.enqueue("maven:9.12.3", "brief", null, "manual");
    RunnerProperties shortDeadline =
        RunnerSettings.copy(
            settings,
            settings.machine(),
            settings.workDirectory(),
            Duration.ofSeconds(3),
            settings.keepFailedWorkFor());

    // Ingesting gave up; the run's end waits for the database.
    runThroughAnOutage(run, shortDeadline, "ending the run: ");

    Run done = runs.find(run.id()).orElseThrow();
    assertThat(done.status()).isEqualTo(RunStatus.FAILED);
    assertThat(done.error())
        .startsWith("ingesting: the database was unreachable for 3s (")
        .doesNotContain("\n");
    assertThat(count("select count(*) from measurement where run_id = :id", run.id())).isZero();
    assertThat(workDirectories.of(run.id()).resolve("search-2.json"))
        .as("a failed run's result files stay for a look")
        .exists();
  }

  /**
   * Runs {@code run} in a worker thread, stops the database once a search JVM measures (indexing's
   * result file is written by then), starts it again once the run has tried {@code what} in vain,
   * and waits for the run's end.
   */
  private void runThroughAnOutage(Run run, RunnerProperties worker, String what) throws Exception {
    RetriesSeen retries = new RetriesSeen();
    RunWorker runWorker = new RunWorker(repository, logs, executor, worker, workDirectories);
    Thread working = new Thread(() -> runWorker.run(run.id()), "outage-test-worker");
    working.start();
    boolean databaseUp = true;
    try {
      await(() -> progress(run.id()).startsWith("search JVM 1/"), 240);
      postgres.close();
      databaseUp = false;
      await(() -> retries.seen("Run " + run.id() + ": " + what), 240);
      assertThat(workDirectories.of(run.id()).resolve("index.json"))
          .as("the result files wait for the database")
          .exists();
      assertThat(workDirectories.of(run.id()).resolve("search-2.json")).exists();
      startDatabase();
      databaseUp = true;
      working.join(Duration.ofMinutes(4).toMillis());
      assertThat(working.isAlive()).as("the run ended").isFalse();
    } finally {
      retries.close();
      if (!databaseUp) {
        startDatabase();
      }
      working.join(Duration.ofMinutes(4).toMillis());
    }
  }

  /** The warnings of {@link DatabaseRetry}, each time the database could not be reached. */
  private static final class RetriesSeen extends AppenderBase<ILoggingEvent>
      implements AutoCloseable {

    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(DatabaseRetry.class);

    RetriesSeen() {
      start();
      logger.addAppender(this);
    }

    @Override
    protected void append(ILoggingEvent event) {
      messages.add(event.getFormattedMessage());
    }

    boolean seen(String prefix) {
      return messages.stream().anyMatch(message -> message.startsWith(prefix));
    }

    @Override
    public void close() {
      logger.detachAppender(this);
    }
  }

  private static void startDatabase() throws IOException {
    postgres =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDirectory)
            .setCleanDataDirectory(false)
            .setPort(port)
            .start();
  }

  private String progress(long runId) {
    String progress = runs.find(runId).orElseThrow().progress();
    return progress == null ? "" : progress;
  }

  private long count(String sql, long runId) {
    return jdbc.sql(sql).param("id", runId).query(Long.class).single();
  }

  private static void await(BooleanSupplier condition, int seconds) {
    long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited %d s", seconds).isLessThan(deadline);
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
  }
}
