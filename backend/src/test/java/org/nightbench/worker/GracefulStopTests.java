package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.jobs.JobEngine;
import org.nightbench.jobs.RunningScheduler;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunQueueTask;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.runs.RunnerSettings;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * A real worker stopped the way closing the application stops it, mid-run with a harness JVM
 * measuring and one benchmark's results already written: the run goes back to the queue with
 * nothing stored, and a second worker runs it from the start to the end.
 */
@SpringBootTest
@ActiveProfiles("test")
class GracefulStopTests {

  private static final String MACHINE = "graceful-stop-test";

  @Autowired DataSource dataSource;
  @Autowired SchedulerClient client;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunService runs;
  @Autowired RunExecutor executor;
  @Autowired RunWorkDirectories workDirectories;
  @Autowired RunnerProperties settings;
  @Autowired JdbcClient jdbc;

  @Test
  void aStoppingWorkerHandsItsRunBackAndTheNextWorkerRunsItFromTheStart() {
    long runId =
        repository.enqueue(
            new RunRequest("maven:9.12.3", MACHINE, "tiny", "europarl", "manual"), null);
    client.scheduleIfNotExists(
        new TaskInstance<>(RunQueueTask.name(MACHINE), Long.toString(runId), runId), Instant.now());
    RunnerProperties machine = RunnerSettings.forMachine(settings, MACHINE);

    RunWorker first = new RunWorker(repository, logs, executor, machine, workDirectories);
    RunningScheduler firstEngine =
        new RunningScheduler(
            JobEngine.scheduler(
                dataSource,
                "first-worker",
                Duration.ofMillis(100),
                Duration.ofMillis(500),
                List.of(first.task())));
    firstEngine.onApplicationEvent(null);
    try {
      // Indexing is done (its result file written) and a search JVM measures.
      await(() -> progress(runId).startsWith("search JVM"), 240);
    } finally {
      firstEngine.destroy(); // what closing the application context (SIGTERM) does
    }

    Run handedBack = runs.find(runId).orElseThrow();
    assertThat(handedBack.status()).isEqualTo(RunStatus.QUEUED);
    assertThat(handedBack.error()).isNull();
    assertThat(count("select count(*) from measurement where run_id = :id", runId))
        .as("the finished indexing's points are not stored")
        .isZero();
    assertThat(count("select count(*) from run_result where run_id = :id", runId)).isZero();
    assertThat(runs.log(runId, 0))
        .anyMatch(line -> line.startsWith("REQUEUED: the worker is stopping (search JVM "));
    assertThat(
            jdbc.sql("select picked from scheduled_tasks where task_instance = :id")
                .param("id", Long.toString(runId))
                .query(Boolean.class)
                .single())
        .as("the execution waits for the next worker")
        .isFalse();

    RunWorker second = new RunWorker(repository, logs, executor, machine, workDirectories);
    SettableClock clock = new SettableClock();
    clock.set(Instant.now());
    ManualScheduler secondEngine =
        TestHelper.createManualScheduler(dataSource, second.task()).clock(clock).build();
    secondEngine.runAnyDueExecutions();

    Run done = runs.find(runId).orElseThrow();
    assertThat(done.error()).isNull();
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(count("select count(*) from measurement where run_id = :id", runId)).isPositive();
    assertThat(runs.log(runId, 0).stream().filter(line -> line.startsWith("== resolving")))
        .as("the whole log of both tries is kept")
        .hasSize(2);
    assertThat(count("select count(*) from scheduled_tasks where task_instance = :id", runId))
        .isZero();
    assertThat(workDirectories.of(runId)).as("a succeeded run's files are removed").doesNotExist();
  }

  private String progress(long runId) {
    String progress = runs.find(runId).orElseThrow().progress();
    return progress == null ? "" : progress;
  }

  private long count(String sql, long runId) {
    return jdbc.sql(sql)
        .param("id", sql.contains("scheduled_tasks") ? (Object) Long.toString(runId) : runId)
        .query(Long.class)
        .single();
  }

  private static void await(BooleanSupplier condition, int seconds) {
    long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited %d s", seconds).isLessThan(deadline);
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
  }
}
