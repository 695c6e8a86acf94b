package org.nightbench.worker;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.nightbench.InProcessApplication;
import org.nightbench.harness.StepResult;
import org.nightbench.ingest.TestResults;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunTry;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.FileSystemUtils;

/**
 * A lab command, not a test: ingests a run of 600 points {@code restarts} times, each time stopping
 * the embedded PostgreSQL at a random moment of the ingestion (before its first write, during its
 * writes, at its commit) and starting it again after 0.5–4 s, and counts the runs that did not end
 * succeeded with every point, and the retries written to the runs' logs. Seeded: the same seed
 * restarts at the same moments.
 *
 * <p>usage: {@code IngestionRestartLab [restarts] [seed]} (see {@code
 * scripts/ingestion-restarts.sh}); prints one line per restart and a summary.
 */
public final class IngestionRestartLab {

  private static final int POINTS = 600;

  private IngestionRestartLab() {}

  public static void main(String[] args) throws Exception {
    int restarts = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 39;
    Random random = new Random(seed);
    Path data = Files.createTempDirectory("nightbench-restart-lab");
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    AtomicReference<EmbeddedPostgres> postgres = new AtomicReference<>(start(data, port));
    ConfigurableApplicationContext app =
        InProcessApplication.start(
            "--spring.profiles.active=test",
            "--server.port=0",
            "--spring.datasource.url=" + postgres.get().getJdbcUrl("postgres", "postgres"),
            "--spring.datasource.username=postgres",
            "--spring.datasource.hikari.connection-timeout=1000",
            "--logging.level.root=WARN",
            "--logging.level.org.nightbench.worker.DatabaseRetry=ERROR");
    int lost = 0;
    int retries = 0;
    int duringIngestion = 0;
    try {
      RunRepository runs = app.getBean(RunRepository.class);
      RunCompletion completion = app.getBean(RunCompletion.class);
      JdbcClient jdbc = app.getBean(JdbcClient.class);
      long quiet = ingestionMillis(runs, completion, "quiet");
      System.out.printf(
          Locale.ROOT, "one ingestion of %d points, undisturbed: %d ms%n", POINTS, quiet);
      for (int i = 1; i <= restarts; i++) {
        String machine = "restart-" + i;
        long run =
            runs.enqueue(new RunRequest("maven:9.12.3", machine, "quick", "c", "manual"), null);
        RunTry attempt = runs.start(run).orElseThrow();
        List<String> log = new CopyOnWriteArrayList<>();
        DatabaseRetry retry = new DatabaseRetry(run, Duration.ofMinutes(3), log::add, () -> false);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread ingesting =
            new Thread(
                () -> {
                  try {
                    retry.call("ingesting", () -> ingest(completion, attempt, machine));
                  } catch (RuntimeException e) {
                    failure.set(e);
                  }
                },
                "restart-lab-ingestion");
        long stopAfter = (long) (random.nextDouble() * quiet);
        long away = 500 + random.nextInt(3500);
        ingesting.start();
        Thread.sleep(stopAfter);
        boolean during = ingesting.isAlive();
        postgres.get().close();
        Thread.sleep(away);
        postgres.set(start(data, port));
        ingesting.join(Duration.ofMinutes(4).toMillis());
        awaitDatabase(jdbc);
        duringIngestion += during ? 1 : 0;
        RunStatus status = runs.find(run).orElseThrow().status();
        long points =
            jdbc.sql("select count(*) from measurement where run_id = ?")
                .param(run)
                .query(Long.class)
                .single();
        boolean kept = status == RunStatus.SUCCEEDED && points == POINTS;
        lost += kept ? 0 : 1;
        retries += log.size();
        System.out.printf(
            Locale.ROOT,
            "restart %2d: stopped %4d ms into ingesting (%s), away %4d ms: %s, %d points, %d"
                + " retries in the run's log%s%n",
            i,
            stopAfter,
            during ? "during it" : "after it had ended",
            away,
            status,
            points,
            log.size(),
            failure.get() == null ? "" : " (" + RunWorker.oneLine(failure.get()) + ")");
      }
    } finally {
      app.close();
      postgres.get().close();
      FileSystemUtils.deleteRecursively(data);
    }
    System.out.printf(
        Locale.ROOT,
        "%d restarts, %d of them during ingestion: %d runs lost, %d retries, each a line in its"
            + " run's log%n",
        restarts,
        duringIngestion,
        lost,
        retries);
  }

  /** Until the database answers this lab's own reads again (at most a minute). */
  private static void awaitDatabase(JdbcClient jdbc) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
    while (true) {
      try {
        jdbc.sql("select 1").query(Integer.class).single();
        return;
      } catch (org.springframework.dao.DataAccessException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  private static long ingestionMillis(
      RunRepository runs, RunCompletion completion, String machine) {
    long run = runs.enqueue(new RunRequest("maven:9.12.3", machine, "quick", "c", "manual"), null);
    RunTry attempt = runs.start(run).orElseThrow();
    long start = System.nanoTime();
    ingest(completion, attempt, machine);
    return (System.nanoTime() - start) / 1_000_000;
  }

  /** 600 points from six result files: 100 tasks, three search JVMs and three indexing ones. */
  private static int ingest(RunCompletion completion, RunTry attempt, String machine) {
    List<StepResult> steps = new ArrayList<>();
    for (int jvm = 0; jvm < 3; jvm++) {
      List<Metric> search = new ArrayList<>();
      List<Metric> indexing = new ArrayList<>();
      for (int task = 0; task < POINTS / 2; task++) {
        search.add(TestResults.metric("search", "Task" + task, "qps", 100 + jvm + task));
        indexing.add(TestResults.metric("indexing", "Doc" + task, "docsPerSec", 1000 + jvm));
      }
      steps.add(new StepResult("search-" + jvm, result("search", search)));
      steps.add(new StepResult("index-" + jvm, result("index", indexing)));
    }
    return completion.complete(
        attempt,
        TestResults.context(attempt.runId(), machine),
        steps,
        new RunFindings(List.of(), null, null, null, null));
  }

  private static HarnessResult result(String command, List<Metric> metrics) {
    return TestResults.result(command, metrics.toArray(Metric[]::new));
  }

  private static EmbeddedPostgres start(Path data, int port) throws IOException {
    return EmbeddedPostgres.builder()
        .setDataDirectory(data)
        .setCleanDataDirectory(false)
        .setPort(port)
        .start();
  }
}
