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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
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
import org.nightbench.runs.RunTry;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * A real worker process frozen with SIGSTOP while its harness JVM indexes, long enough for the
 * dead-run check (with retries on) to queue the run again and a second try (this test's) to start
 * it; then resumed with SIGCONT. The frozen try must find the run no longer its own, stop its JVMs
 * and write nothing: no log line, no progress, no status, no points.
 */
@SpringBootTest
@ActiveProfiles("test")
class FrozenWorkerTests {

  private static final String MACHINE = "frozen-worker-test";

  @Autowired DataSource dataSource;
  @Autowired SchedulerClient client;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunService runs;
  @Autowired JdbcClient jdbc;

  @Test
  void aFrozenWorkerThatWakesUpToASecondTryStopsItsJvmsAndWritesNothing(@TempDir Path temp)
      throws Exception {
    long runId =
        repository.enqueue(
            new RunRequest("maven:9.12.3", MACHINE, "tiny", "europarl", "manual"), null);
    client.scheduleIfNotExists(
        new TaskInstance<>(RunQueueTask.name(MACHINE), Long.toString(runId), runId), Instant.now());

    Path output = temp.resolve("worker.log");
    Process worker = startWorkerProcess(temp, output);
    List<ProcessHandle> harnessJvms = new ArrayList<>();
    AtomicReference<RunTry> second = new AtomicReference<>();
    try {
      await(
          () -> runs.log(runId, 0).stream().anyMatch(line -> line.startsWith("== indexing")),
          120,
          worker);
      await(() -> worker.descendants().findAny().isPresent(), 60, worker);
      worker.descendants().forEach(harnessJvms::add);

      signal("STOP", worker.pid());

      // Another worker of the machine finds the frozen one's execution dead, queues the run
      // again (retries on) and starts it: the second try.
      OneTimeTask<Long> othersTask =
          Tasks.oneTime(RunQueueTask.name(MACHINE), Long.class)
              .onDeadExecution(new DeadRunHandler(repository, logs, true))
              .execute(
                  (instance, context) ->
                      second.set(repository.start(instance.getData()).orElseThrow()));
      Scheduler other =
          JobEngine.scheduler(
              dataSource,
              "other-worker",
              Duration.ofMillis(200),
              Duration.ofMillis(500),
              List.of(othersTask));
      other.start();
      try {
        await(() -> second.get() != null, 60, null);
      } finally {
        other.stop();
      }
      assertThat(harnessJvms)
          .as("the frozen worker's harness JVM still runs")
          .anyMatch(ProcessHandle::isAlive);
      List<String> logBefore = runs.log(runId, 0);
      assertThat(logBefore.get(logBefore.size() - 1))
          .matches("worker .+:" + worker.pid() + " stopped heartbeating .*; queued again");

      signal("CONT", worker.pid());

      await(() -> harnessJvms.stream().noneMatch(ProcessHandle::isAlive), 60, worker);
      await(
          () -> Files.readString(output, StandardCharsets.UTF_8).contains("writes nothing"),
          30,
          worker);
      // Whatever the woken try still had pending (log lines, progress) would be stored by now.
      LockSupport.parkNanos(Duration.ofSeconds(2).toNanos());

      Run after = runs.find(runId).orElseThrow();
      assertThat(after.status()).as("the second try's run").isEqualTo(RunStatus.RUNNING);
      assertThat(after.progress()).as("the second try's progress").isEqualTo("starting");
      assertThat(runs.log(runId, 0)).as("not a line from the woken try").isEqualTo(logBefore);
      assertThat(
              jdbc.sql("select count(*) from measurement where run_id = :id")
                  .param("id", runId)
                  .query(Long.class)
                  .single())
          .isZero();
      assertThat(worker.isAlive()).as("the woken worker lives on").isTrue();
      await(
          () ->
              Files.readString(output, StandardCharsets.UTF_8)
                  .contains("its queue entry is another try's now"),
          30,
          worker);
      assertThat(Files.readString(output, StandardCharsets.UTF_8).lines())
          .as("waking up is a WARN line, not an ERROR with a stack trace")
          .noneMatch(line -> line.matches(".*\\bERROR\\b.*"))
          .noneMatch(line -> line.startsWith("\tat "));
      assertThat(repository.markFailed(second.get(), "ended by the test's second try"))
          .as("the run is still the second try's")
          .isTrue();
    } finally {
      signal("CONT", worker.pid());
      worker.destroyForcibly();
      worker.waitFor(10, TimeUnit.SECONDS);
      harnessJvms.forEach(ProcessHandle::destroyForcibly);
      jdbc.sql("delete from scheduled_tasks where task_instance = :id")
          .param("id", Long.toString(runId))
          .update();
    }
  }

  /** Sends a signal with kill(1): Java itself can only ask a process to end. */
  private static void signal(String name, long pid) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
  }

  /** The application itself, as a worker of {@link #MACHINE} that retries dead runs. */
  private Process startWorkerProcess(Path temp, Path output) throws IOException {
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
            "--nightbench.runner.retry-dead-runs=true",
            "--nightbench.runner.machine=" + MACHINE,
            "--nightbench.runner.polling-interval=200ms",
            "--nightbench.runner.heartbeat-interval=500ms",
            "--nightbench.runner.work-directory=" + temp.resolve("work"));
    Files.createDirectories(temp);
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(output.toFile())
        .directory(new File(System.getProperty("user.dir")))
        .start();
  }

  private interface Condition {
    boolean holds() throws IOException;
  }

  private static void await(Condition condition, int seconds, Process mustLive) throws IOException {
    long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    while (!condition.holds()) {
      assertThat(System.nanoTime()).as("waited %d s", seconds).isLessThan(deadline);
      if (mustLive != null) {
        assertThat(mustLive.isAlive()).as("the worker process is alive").isTrue();
      }
      LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
    }
  }
}
