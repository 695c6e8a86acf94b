package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.runs.RunnerSettings;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * Which work directories the sweep removes, decided by the runs' rows in the real database: those
 * of succeeded and cancelled runs, of failed runs past the keep time, never of live runs.
 */
@SpringBootTest
@ActiveProfiles("test")
class RunWorkDirectoriesTests {

  @Autowired RunRepository runs;
  @Autowired RunnerProperties settings;
  @Autowired JdbcClient jdbc;
  @TempDir Path work;

  @Test
  void theSweepRemovesTheDirectoriesOfEndedRunsAndKeepsFailedOnesForAWhile() throws IOException {
    RunWorkDirectories directories = new RunWorkDirectories(inWork(Duration.ofDays(7)), runs);
    long succeeded = run("succeeded", null);
    long cancelled = run("cancelled", null);
    long failedYesterday = run("failed", "1 day");
    long failedLastMonth = run("failed", "30 days");
    long running = run("running", null);
    long queued = run("queued", null);
    for (long id : new long[] {succeeded, cancelled, failedYesterday, failedLastMonth, running}) {
      Files.writeString(Files.createDirectories(directories.of(id)).resolve("search-1.json"), "{}");
    }
    Files.createDirectories(directories.of(queued).resolve("index"));
    Files.createDirectories(work.resolve("harness"));
    Files.createDirectories(work.resolve("run-999999999"));

    assertThat(directories.sweep()).containsExactly(succeeded, cancelled, failedLastMonth);

    assertThat(directories.of(succeeded)).doesNotExist();
    assertThat(directories.of(cancelled)).doesNotExist();
    assertThat(directories.of(failedLastMonth)).doesNotExist();
    assertThat(directories.of(failedYesterday).resolve("search-1.json"))
        .as("a failed run's result files stay for a look")
        .exists();
    assertThat(directories.of(running)).exists();
    assertThat(directories.of(queued)).exists();
    assertThat(work.resolve("harness")).as("not a run's").exists();
    assertThat(work.resolve("run-999999999")).as("no run of this database").exists();
  }

  @Test
  void aShorterKeepTimeTakesFailedRunsSooner() throws IOException {
    RunWorkDirectories directories = new RunWorkDirectories(inWork(Duration.ofHours(1)), runs);
    long failedYesterday = run("failed", "1 day");
    Files.createDirectories(directories.of(failedYesterday));

    assertThat(directories.sweep()).containsExactly(failedYesterday);
    assertThat(directories.of(failedYesterday)).doesNotExist();
  }

  @Test
  void aStartingRunGetsAnEmptyDirectory() throws IOException {
    RunWorkDirectories directories = new RunWorkDirectories(inWork(Duration.ofDays(7)), runs);
    long requeued = run("queued", null);
    Path leftOver = Files.createDirectories(directories.of(requeued).resolve("index"));
    Files.writeString(leftOver.resolve("_0.cfs"), "half an index of the earlier try");

    Path fresh = directories.prepare(requeued);

    assertThat(fresh).isEmptyDirectory();
  }

  @Test
  void keepingFailedRunsForAWeekIsTheDefault() {
    assertThat(settings.keepFailedWorkFor()).isEqualTo(Duration.ofDays(7));
  }

  private RunnerProperties inWork(Duration keepFailedWorkFor) {
    return RunnerSettings.copy(
        settings, "work-directories-test", work, settings.ingestRetryFor(), keepFailedWorkFor);
  }

  /** A run in {@code status} that ended {@code endedAgo} (an SQL interval) ago, if given. */
  private long run(String status, String endedAgo) {
    long id =
        runs.enqueue(
            new RunRequest("maven:9.12.3", "work-directories-test", "tiny", "europarl", "manual"),
            null);
    jdbc.sql(
            "update run set status = :status, finished_at = now() - cast(:ago as interval)"
                + " where id = :id")
        .param("status", status)
        .param("ago", endedAgo == null ? "0 seconds" : endedAgo)
        .param("id", id)
        .update();
    return id;
  }
}
