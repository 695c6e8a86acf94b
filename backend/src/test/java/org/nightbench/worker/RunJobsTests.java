package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.HarnessJvms;
import org.nightbench.harness.HarnessLauncher;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.jdk.JdkProperties;
import org.nightbench.jobs.JobEngine;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.machine.MachineStateProbe;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunQueueTask;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunTry;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.runs.RunnerSettings;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import tools.jackson.databind.json.JsonMapper;

/** What the job engine does with runs whose worker died, and how a running run learns to stop. */
@SpringBootTest
@ActiveProfiles("test")
class RunJobsTests {

  @Autowired RunService runs;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunHistoryRepository history;
  @Autowired RunChangesRecorder changes;
  @Autowired ReleaseCommitRecorder releases;
  @Autowired RunWorker worker;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;
  @Autowired SchedulerClient client;
  @Autowired LuceneResolver lucene;
  @Autowired CorpusProvider corpora;
  @Autowired HarnessLauncher launcher;
  @Autowired RunCompletion completion;
  @Autowired RunnerProperties settings;
  @Autowired JsonMapper json;
  @Autowired MachineStateProbe machineState;
  @Autowired ComparisonRuns comparisons;
  @Autowired RunWorkDirectories workDirectories;
  @Autowired RunControl control;
  @Autowired RunEnvironment environment;

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
  void byDefaultAKilledWorkersRunIsNoticedWithinNinetySeconds() {
    Duration beat = settings.heartbeatInterval();
    int missed = settings.missedHeartbeats();
    assertThat(JobEngine.deadNoticedWithin(beat, missed))
        .isLessThanOrEqualTo(Duration.ofSeconds(90));
    Duration deadAfter = beat.multipliedBy(missed);
    Run stillAlive = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    leftRunningByAKilledWorker(stillAlive, deadAfter.minusSeconds(5));
    Run dead = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    leftRunningByAKilledWorker(dead, deadAfter.plusSeconds(5));

    // The engine as the worker configures it, at this instant: one look for dead executions.
    ManualScheduler live =
        JobEngine.configure(
                TestHelper.createManualScheduler(dataSource, worker.task()), beat, missed)
            .clock(now())
            .build();
    live.runDeadExecutionDetection();

    assertThat(runs.find(dead.id()).orElseThrow().status()).isEqualTo(RunStatus.FAILED);
    assertThat(runs.find(stillAlive.id()).orElseThrow().status())
        .as("%s without a heartbeat is not yet dead", deadAfter.minusSeconds(5))
        .isEqualTo(RunStatus.RUNNING);
    repository.markFailed(stillAlive.id(), "test cleanup");
    jdbc.sql("delete from scheduled_tasks where task_instance = :id")
        .param("id", Long.toString(stillAlive.id()))
        .update();
  }

  @Test
  void withRetryOnARunWhoseWorkerWasKilledIsQueuedAgain() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    leftRunningByAKilledWorker(run);
    OneTimeTask<Long> retrying =
        Tasks.oneTime(RunQueueTask.name("test-machine"), Long.class)
            .onDeadExecution(new DeadRunHandler(repository, logs, true))
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
    RunTry attempt = leftRunningByAKilledWorker(run);
    repository.markSucceeded(attempt, "{}");

    ManualScheduler live =
        TestHelper.createManualScheduler(dataSource, worker.task()).clock(now()).build();
    live.runDeadExecutionDetection();

    assertThat(runs.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(executions(run)).isZero();
  }

  @Test
  void aCancelledRunningRunIsToldToStopAtTheWatchsNextLookASecondLater() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    RunTry attempt = repository.start(run.id()).orElseThrow();
    // The watch's own clock, moved by hand: the test judges when it looks, not how fast.
    HandClock clock = new HandClock(Instant.parse("2026-11-29T00:00:00Z"));
    RunWatch watch = new RunWatch(attempt, repository, clock, Duration.ofHours(3));
    assertThat(watch.reason()).isEmpty();

    Run cancelling = runs.cancel(run.id());

    assertThat(cancelling.status()).as("its worker ends it").isEqualTo(RunStatus.RUNNING);
    assertThat(watch.reason()).as("the database is read at most once a second").isEmpty();
    clock.advance(Duration.ofSeconds(1));
    assertThat(watch.reason()).contains("cancelled on request");
    assertThat(watch.cancelRequested()).isTrue();
    repository.markCancelled(attempt, "test cleanup");
  }

  @Test
  void aCancelledRunningRunKillsItsJvmAndEndsCancelledWithItsLog(@TempDir Path temp)
      throws Exception {
    RunWorker fakeJdkWorker = fakeJdkWorker(temp, settings);
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    Thread working = new Thread(() -> fakeJdkWorker.run(run.id()), "test-worker");
    working.start();
    try {
      await(
          () -> {
            String progress = runs.find(run.id()).orElseThrow().progress();
            return progress != null && progress.startsWith("indexing");
          },
          120);
      LockSupport.parkNanos(Duration.ofMillis(500).toNanos());

      runs.cancel(run.id());
      // Far less than the 300 s the fake JVM would wait if nothing killed it; a ceiling, not a
      // figure: the wait ends as soon as the run is cancelled.
      await(() -> runs.find(run.id()).orElseThrow().status() == RunStatus.CANCELLED, 60);
    } finally {
      if (runs.find(run.id()).orElseThrow().status() == RunStatus.RUNNING) {
        runs.cancel(run.id());
      }
      working.join(30_000);
      jdbc.sql("delete from scheduled_tasks where task_instance = :id")
          .param("id", Long.toString(run.id()))
          .update();
    }
    Run done = runs.find(run.id()).orElseThrow();
    assertThat(done.error()).isEqualTo("indexing: cancelled on request");
    List<String> log = runs.log(run.id(), 0);
    assertThat(log).contains("CANCELLED: indexing: cancelled on request");
    long child =
        Long.parseLong(
            log.stream()
                .filter(line -> line.startsWith("child "))
                .findFirst()
                .orElseThrow()
                .substring("child ".length()));
    Path stat = Path.of("/proc", Long.toString(child), "stat");
    assertThat(!Files.exists(stat) || Files.readString(stat).contains(") Z "))
        .as("the harness JVM's child process %d is gone", child)
        .isTrue();
  }

  /** A worker whose JDK's java starts a child and waits: a harness JVM that runs for minutes. */
  private RunWorker fakeJdkWorker(Path temp, RunnerProperties settings) throws IOException {
    // A JDK whose java starts a child and waits: a harness JVM that would run for minutes.
    Path jdk = Files.createDirectories(temp.resolve("jdk/bin")).getParent();
    Path java = jdk.resolve("bin/java");
    Files.writeString(java, "#!/bin/sh\nsleep 300 &\necho \"child $!\"\nwait\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25\"\nIMPLEMENTOR=\"Fake\"\n");
    return new RunWorker(
        repository,
        logs,
        new RunExecutor(
            new RunPreparation(
                settings,
                new RunResolution(
                    lucene,
                    new JdkFinder(new JdkProperties(List.of(), jdk)),
                    corpora,
                    repository,
                    history,
                    changes,
                    releases),
                new RunMachine(machineState, history, json),
                workDirectories,
                new HarnessJvms(
                    launcher, json, new EmbeddingModel(temp.resolve("vectors"), List::of)),
                repository),
            new RunMachine(machineState, history, json),
            completion,
            repository,
            new ComparisonExecution(
                comparisons,
                repository,
                workDirectories,
                new HarnessJvms(
                    launcher, json, new EmbeddingModel(temp.resolve("vectors"), List::of)),
                settings),
            control,
            environment),
        settings,
        workDirectories);
  }

  @Test
  void aWorkerWhoseHeartbeatsFailStopsItsJvmAndHandsTheRunBack(@TempDir Path temp)
      throws Exception {
    String machine = "heartbeat-test";
    RunWorker fakeJdkWorker =
        fakeJdkWorker(
            temp, RunnerSettings.retryingDeadRuns(RunnerSettings.forMachine(settings, machine)));
    long runId =
        repository.enqueue(
            new RunRequest("maven:9.12.3", machine, "tiny", "europarl", "manual"), null);
    client.scheduleIfNotExists(
        new TaskInstance<>(RunQueueTask.name(machine), Long.toString(runId), runId), Instant.now());
    Scheduler engine =
        JobEngine.scheduler(
            dataSource,
            "heartbeat-test-worker",
            Duration.ofMillis(200),
            Duration.ofMillis(500),
            List.of(fakeJdkWorker.task()));
    engine.start();
    try {
      await(
          () -> {
            String progress = runs.find(runId).orElseThrow().progress();
            return progress != null && progress.startsWith("indexing");
          },
          120);
      LockSupport.parkNanos(Duration.ofMillis(500).toNanos());

      // From now on this worker's heartbeats miss their row, as when the database refuses them.
      jdbc.sql("update scheduled_tasks set version = version + 1 where task_instance = :id")
          .param("id", Long.toString(runId))
          .update();
      await(() -> runs.find(runId).orElseThrow().status() != RunStatus.RUNNING, 60);
    } finally {
      engine.stop();
      jdbc.sql("delete from scheduled_tasks where task_instance = :id")
          .param("id", Long.toString(runId))
          .update();
    }
    Run handedBack = runs.find(runId).orElseThrow();
    assertThat(handedBack.status()).isEqualTo(RunStatus.QUEUED);
    List<String> log = runs.log(runId, 0);
    assertThat(log)
        .anyMatch(
            line ->
                line.startsWith(
                    "REQUEUED: " + RunWatch.HEARTBEATS_FAILING + "; stopped (indexing: "));
    long child =
        Long.parseLong(
            log.stream()
                .filter(line -> line.startsWith("child "))
                .findFirst()
                .orElseThrow()
                .substring("child ".length()));
    Path stat = Path.of("/proc", Long.toString(child), "stat");
    assertThat(!Files.exists(stat) || Files.readString(stat).contains(") Z "))
        .as("the harness JVM's child process %d is gone", child)
        .isTrue();
    repository.cancelQueued(runId);
  }

  @Test
  void aRunPastItsJobTimeoutIsToldToStop() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    RunTry attempt = repository.start(run.id()).orElseThrow();
    RunWatch watch = new RunWatch(attempt, repository, Clock.systemUTC(), Duration.ofMillis(0));

    assertThat(watch.reason()).contains("timed out after 0s");
    assertThat(watch.cancelRequested()).isFalse();
    assertThat(RunWatch.format(Duration.ofHours(3))).isEqualTo("3h");
    repository.markCancelled(attempt, "test cleanup");
  }

  @Test
  void aQueuedRunIsCancelledAtOnceAndLeavesTheQueue() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    assertThat(executions(run)).isOne();

    Run cancelled = runs.cancel(run.id());

    assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(executions(run)).isZero();
  }

  private static void await(BooleanSupplier condition, int seconds) {
    long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited %d s", seconds).isLessThan(deadline);
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
  }

  /** What a JVM killed mid-run leaves: the run running, its execution picked, heartbeats stale. */
  private RunTry leftRunningByAKilledWorker(Run run) {
    return leftRunningByAKilledWorker(run, Duration.ofHours(1));
  }

  /** The same, with the worker's last heartbeat {@code ago}. */
  private RunTry leftRunningByAKilledWorker(Run run, Duration ago) {
    RunTry attempt = repository.start(run.id()).orElseThrow();
    assertThat(
            jdbc.sql(
                    "update scheduled_tasks set picked = true, picked_by = 'bench-1:4242',"
                        + " last_heartbeat = now() - make_interval(secs => :ago),"
                        + " version = version + 1"
                        + " where task_name = :task and task_instance = :id")
                .param("ago", (double) ago.toSeconds())
                .param("task", RunQueueTask.name("test-machine"))
                .param("id", Long.toString(run.id()))
                .update())
        .isOne();
    return attempt;
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

  /** A clock that stands still until the test moves it. */
  private static final class HandClock extends Clock {

    private Instant now;

    HandClock(Instant now) {
      this.now = now;
    }

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
