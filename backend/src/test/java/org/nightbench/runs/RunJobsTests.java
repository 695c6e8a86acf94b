package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/** What the job engine does with runs whose worker died, and how a running run learns to stop. */
@SpringBootTest
@ActiveProfiles("test")
class RunJobsTests {

  @Autowired RunService runs;
  @Autowired RunRepository repository;
  @Autowired RunWorker worker;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;

  @Test
  void aRunWhoseWorkerWasKilledFailsNamingTheWorker() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    leftRunningByAKilledWorker(run);

    ManualScheduler live =
        TestHelper.createManualScheduler(dataSource, worker.task()).clock(now()).build();
    live.runDeadExecutionDetection();

    Run after = runs.find(run.id()).orElseThrow();
    assertThat(after.status()).isEqualTo(RunStatus.FAILED);
    assertThat(after.error())
        .isEqualTo("worker bench-1:4242 stopped heartbeating while running this run");
    assertThat(runs.log(run.id(), 0)).anyMatch(line -> line.startsWith("FAILED: worker"));
    assertThat(executions(run)).isZero();
  }

  @Test
  void withRetryOnARunWhoseWorkerWasKilledIsQueuedAgain() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    leftRunningByAKilledWorker(run);
    OneTimeTask<Long> retrying =
        Tasks.oneTime(RunWorker.taskName("test-machine"), Long.class)
            .onDeadExecution(new DeadRunHandler(repository, true))
            .execute((instance, context) -> {});

    ManualScheduler live =
        TestHelper.createManualScheduler(dataSource, retrying).clock(now()).build();
    live.runDeadExecutionDetection();

    assertThat(runs.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.QUEUED);
    assertThat(
            jdbc.sql("select picked from scheduled_tasks where task_instance = :id")
                .param("id", Long.toString(run.id()))
                .query(Boolean.class)
                .single())
        .isFalse();
    runs.cancel(run.id());
  }

  @Test
  void aRunThatEndedBeforeItsWorkerDiedKeepsItsState() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    leftRunningByAKilledWorker(run);
    repository.markSucceeded(run.id(), "{}");

    ManualScheduler live =
        TestHelper.createManualScheduler(dataSource, worker.task()).clock(now()).build();
    live.runDeadExecutionDetection();

    assertThat(runs.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(executions(run)).isZero();
  }

  @Test
  void aCancelledRunningRunIsToldToStopWithinTwoSeconds() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    repository.start(run.id()).orElseThrow();
    RunWatch watch = new RunWatch(run.id(), repository, Clock.systemUTC(), Duration.ofHours(3));
    assertThat(watch.reason()).isEmpty();

    Run cancelling = runs.cancel(run.id());

    assertThat(cancelling.status()).as("its worker ends it").isEqualTo(RunStatus.RUNNING);
    long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    Optional<String> reason = watch.reason();
    while (reason.isEmpty() && System.nanoTime() < deadline) {
      LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
      reason = watch.reason();
    }
    assertThat(reason).contains("cancelled on request");
    assertThat(watch.cancelRequested()).isTrue();
    repository.markCancelled(run.id(), "test cleanup");
  }

  @Test
  void aRunPastItsJobTimeoutIsToldToStop() {
    RunWatch watch = new RunWatch(-1, repository, Clock.systemUTC(), Duration.ofMillis(0));

    assertThat(watch.reason()).contains("timed out after 0s");
    assertThat(watch.cancelRequested()).isFalse();
    assertThat(RunWatch.format(Duration.ofHours(3))).isEqualTo("3h");
  }

  @Test
  void aQueuedRunIsCancelledAtOnceAndLeavesTheQueue() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    assertThat(executions(run)).isOne();

    Run cancelled = runs.cancel(run.id());

    assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(executions(run)).isZero();
  }

  /** What a JVM killed mid-run leaves: the run running, its execution picked, heartbeats stale. */
  private void leftRunningByAKilledWorker(Run run) {
    repository.start(run.id()).orElseThrow();
    assertThat(
            jdbc.sql(
                    "update scheduled_tasks set picked = true, picked_by = 'bench-1:4242',"
                        + " last_heartbeat = now() - interval '1 hour', version = version + 1"
                        + " where task_name = :task and task_instance = :id")
                .param("task", RunWorker.taskName("test-machine"))
                .param("id", Long.toString(run.id()))
                .update())
        .isOne();
  }

  private static SettableClock now() {
    SettableClock clock = new SettableClock();
    clock.set(Instant.now());
    return clock;
  }

  private long executions(Run run) {
    return jdbc.sql("select count(*) from scheduled_tasks where task_instance = :id")
        .param("id", Long.toString(run.id()))
        .query(Long.class)
        .single();
  }
}
