package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariDataSource;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.NightbenchApplication;
import org.nightbench.jobs.JobEngine;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunQueueTask;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.machines.MachineRegistry;
import org.nightbench.runs.machines.WorkerStatus;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * A real worker process, killed with SIGKILL while its harness JVM indexes, and a second worker
 * (this test's) that finds the run through the job engine's dead-execution detection.
 */
@SpringBootTest
@ActiveProfiles("test")
class KilledWorkerTests {

  private static final String MACHINE = "killed-worker-test";

  @Autowired DataSource dataSource;
  @Autowired SchedulerClient client;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunService runs;
  @Autowired JdbcClient jdbc;
  @Autowired MachineRegistry machines;

  @Test
  void aWorkerKilledMidRunLeavesARunTheOtherWorkerMarksFailedAndItsJvmEnds(@TempDir Path temp)
      throws Exception {
    long runId =
        repository.enqueue(
            new RunRequest("maven:9.12.3", MACHINE, "tiny", "europarl", "manual"), null);
    client.scheduleIfNotExists(
        new TaskInstance<>(RunQueueTask.name(MACHINE), Long.toString(runId), runId), Instant.now());

    Process worker = startWorkerProcess(temp);
    List<ProcessHandle> harnessJvms = new ArrayList<>();
    try {
      // Mid-run: its log, streamed to the database, shows the indexing JVM started.
      await(
          () -> runs.log(runId, 0).stream().anyMatch(line -> line.startsWith("== indexing")),
          120,
          worker);
      await(() -> worker.descendants().findAny().isPresent(), 60, worker);
      worker.descendants().forEach(harnessJvms::add);
      // Its own heartbeat lists it live on the machines page, with the run it measures (issue 32).
      WorkerStatus beating = onlyWorker();
      assertThat(beating.name()).endsWith(":" + worker.pid());
      assertThat(beating.live()).isTrue();
      assertThat(beating.currentRunId()).isEqualTo(runId);

      worker.destroyForcibly(); // SIGKILL: no shutdown hook, no chance to mark the run
      assertThat(worker.waitFor(10, TimeUnit.SECONDS)).isTrue();
    } finally {
      worker.destroyForcibly();
    }
    assertThat(runs.find(runId).orElseThrow().status())
        .as("nobody ended the run when its worker died")
        .isEqualTo(RunStatus.RUNNING);
    await(() -> harnessJvms.stream().noneMatch(ProcessHandle::isAlive), 60, null);

    // A surviving worker of the same machine, heartbeating fast enough for a test to wait it out.
    OneTimeTask<Long> survivorsTask =
        Tasks.oneTime(RunQueueTask.name(MACHINE), Long.class)
            .onDeadExecution(new DeadRunHandler(repository, logs, false))
            .execute((instance, context) -> {});
    Scheduler survivor =
        JobEngine.scheduler(
            dataSource,
            "survivor",
            Duration.ofMillis(200),
            Duration.ofMillis(500),
            List.of(survivorsTask));
    survivor.start();
    try {
      await(() -> runs.find(runId).orElseThrow().status() != RunStatus.RUNNING, 60, null);
    } finally {
      survivor.stop();
    }

    // Killed, it never said it stopped: silent once its beats are older than 6 × 500 ms.
    await(() -> !onlyWorker().live(), 60, null);
    assertThat(onlyWorker().stoppedAt()).isNull();

    Run failed = runs.find(runId).orElseThrow();
    assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
    assertThat(failed.error())
        .matches("worker .+:" + worker.pid() + " stopped heartbeating while running this run");
    List<String> log = runs.log(runId, 0);
    assertThat(log)
        .as("the dead worker's log is kept")
        .contains("== resolving maven:9.12.3")
        .anyMatch(line -> line.startsWith("== indexing"));
    assertThat(log.get(log.size() - 1)).startsWith("FAILED: worker ");
    assertThat(
            jdbc.sql("select count(*) from measurement where run_id = :id")
                .param("id", runId)
                .query(Long.class)
                .single())
        .isZero();
    assertThat(
            jdbc.sql("select count(*) from scheduled_tasks where task_instance = :id")
                .param("id", Long.toString(runId))
                .query(Long.class)
                .single())
        .isZero();
  }

  private WorkerStatus onlyWorker() {
    return machines.overview().stream()
        .filter(machine -> machine.label().equals(MACHINE))
        .findFirst()
        .orElseThrow()
        .workers()
        .get(0);
  }

  /** The application itself, as a worker of {@link #MACHINE} on this test's database. */
  private Process startWorkerProcess(Path temp) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    HikariDataSource hikari = (HikariDataSource) dataSource;
    List<String> command =
        List.of(
            java,
            "-Xmx512m",
            "-cp",
            System.getProperty("java.class.path"),
            NightbenchApplication.class.getName(),
            "--spring.profiles.active=test",
            "--spring.datasource.url=" + hikari.getJdbcUrl(),
            "--spring.datasource.username=" + hikari.getUsername(),
            "--server.port=0",
            "--nightbench.runner.worker-enabled=true",
            "--nightbench.runner.machine=" + MACHINE,
            "--nightbench.runner.polling-interval=200ms",
            "--nightbench.runner.heartbeat-interval=500ms",
            "--nightbench.runner.work-directory=" + temp.resolve("work"));
    Path output = temp.resolve("worker.log");
    Files.createDirectories(temp);
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(output.toFile())
        .directory(new File(System.getProperty("user.dir")))
        .start();
  }

  private static void await(BooleanSupplier condition, int seconds, Process mustLive) {
    long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited %d s", seconds).isLessThan(deadline);
      if (mustLive != null) {
        assertThat(mustLive.isAlive()).as("the worker process is alive").isTrue();
      }
      LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
    }
  }
}
