package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * Every transition tried from every status on the real database: the allowed ones move the run, the
 * others leave it as it was and say so.
 */
@SpringBootTest
@ActiveProfiles("test")
class RunTransitionsTests {

  @Autowired RunRepository runs;
  @Autowired RunLogRepository logs;
  @Autowired JdbcClient jdbc;

  @ParameterizedTest
  @EnumSource(RunStatus.class)
  void aTransitionMovesARunOnlyFromTheStatusesItAllows(RunStatus from) {
    for (RunTransition transition : RunTransition.values()) {
      long id = runIn(from);

      boolean moved = take(transition, id);

      assertThat(moved).as("%s from %s", transition, from).isEqualTo(transition.allowedFrom(from));
      assertThat(runs.find(id).orElseThrow().status())
          .as("status after %s from %s", transition, from)
          .isEqualTo(moved ? transition.to() : from);
    }
  }

  @Test
  void theAllowedMovesAreTheLifeOfARun() {
    assertThat(RunTransition.START.allowedFrom(RunStatus.QUEUED)).isTrue();
    assertThat(RunTransition.REQUEUE.allowedFrom(RunStatus.RUNNING)).isTrue();
    for (RunStatus ended : new RunStatus[] {RunStatus.SUCCEEDED, RunStatus.FAILED}) {
      assertThat(RunTransition.values())
          .as("nothing leaves %s", ended)
          .noneMatch(t -> t.allowedFrom(ended));
    }
    assertThat(RunTransition.values())
        .as("cancelled stays cancelled")
        .noneMatch(t -> t.allowedFrom(RunStatus.CANCELLED));
  }

  @Test
  void aRunWithACancelRequestCanOnlyEndCancelled() {
    long id = runIn(RunStatus.RUNNING);
    RunTry attempt = tryOf(id);
    assertThat(runs.requestCancel(id)).isTrue();

    assertThat(runs.markSucceeded(attempt, "{}")).isFalse();
    assertThat(runs.markFailedKeepingResults(attempt, "1 benchmark failed", "{}")).isFalse();
    assertThat(runs.find(id).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);

    assertThat(runs.markCancelled(attempt, "cancelled on request")).isTrue();
    assertThat(runs.markSucceeded(attempt, "{}")).isFalse();
    assertThat(runs.markFailed(attempt, "late failure")).isFalse();
    assertThat(runs.requeue(attempt)).isFalse();
    Run cancelled = runs.find(id).orElseThrow();
    assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(cancelled.error()).isEqualTo("cancelled on request");
  }

  @Test
  void aTryWhoseRunWasTakenOverMovesAndWritesNothing() {
    long id =
        runs.enqueue(
            new RunRequest("maven:9.12.3", "transitions-test", "tiny", "europarl", "manual"), null);
    RunTry frozen = runs.start(id).orElseThrow();
    assertThat(runs.state(frozen)).isEqualTo(new RunRepository.TryState(true, false));
    assertThat(logs.append(frozen, List.of("first try"))).isTrue();

    // The dead-run check hands the run to a second try while the first one's worker is frozen.
    assertThat(runs.requeue(id)).isTrue();
    RunTry second = runs.start(id).orElseThrow();
    assertThat(second.token()).isNotEqualTo(frozen.token());

    // The first try wakes up: nothing it does moves the run or writes into it.
    assertThat(runs.state(frozen).owned()).isFalse();
    assertThat(runs.updateProgress(frozen, "searching")).isFalse();
    assertThat(runs.recordRevision(frozen, "9.0.0", null, "old")).isFalse();
    assertThat(logs.append(frozen, List.of("FAILED: the first try"))).isFalse();
    assertThat(runs.markSucceeded(frozen, "{}")).isFalse();
    assertThat(runs.markFailedKeepingResults(frozen, "x", "{}")).isFalse();
    assertThat(runs.markFailed(frozen, "the first try failed")).isFalse();
    assertThat(runs.markCancelled(frozen, "cancelled")).isFalse();
    assertThat(runs.requeue(frozen)).isFalse();
    Run running = runs.find(id).orElseThrow();
    assertThat(running.status()).isEqualTo(RunStatus.RUNNING);
    assertThat(running.progress()).isEqualTo("starting");
    assertThat(running.jdk()).isNull();

    // The second try's own writes go through; its log follows the first try's lines.
    assertThat(runs.updateProgress(second, "searching")).isTrue();
    assertThat(logs.append(second, List.of("second try"))).isTrue();
    assertThat(runs.markSucceeded(second, "{}")).isTrue();
    assertThat(logs.append(second, List.of("stored 3 points"))).isTrue();
    assertThat(logs.append(frozen, List.of("late"))).isFalse();
    assertThat(
            jdbc.sql("select line from run_log where run_id = :id order by line_no")
                .param("id", id)
                .query(String.class)
                .list())
        .containsExactly("first try", "second try", "stored 3 points");
  }

  @Test
  void theDeadRunChecksFailureEndsTheTryToo() {
    long id =
        runs.enqueue(
            new RunRequest("maven:9.12.3", "transitions-test", "tiny", "europarl", "manual"), null);
    RunTry frozen = runs.start(id).orElseThrow();

    assertThat(runs.markFailed(id, "worker x stopped heartbeating")).isTrue();

    assertThat(runs.state(frozen).owned()).isFalse();
    assertThat(logs.append(frozen, List.of("FAILED: duplicate"))).isFalse();
    assertThat(runs.find(id).orElseThrow().error()).isEqualTo("worker x stopped heartbeating");
  }

  /** Takes one transition through the repository method that stands for it. */
  private boolean take(RunTransition transition, long id) {
    return switch (transition) {
      case START -> runs.start(id).isPresent();
      case SUCCEED -> runs.markSucceeded(tryOf(id), "{}");
      case FAIL_KEEPING_RESULTS ->
          runs.markFailedKeepingResults(tryOf(id), "1 benchmark failed", "{}");
      case FAIL -> runs.markFailed(tryOf(id), "failed");
      case CANCEL_QUEUED -> runs.cancelQueued(id);
      case CANCEL_RUNNING -> runs.markCancelled(tryOf(id), "cancelled on request");
      case REQUEUE -> runs.requeue(tryOf(id));
    };
  }

  /** The try that {@link #runIn} put the run in. */
  private RunTry tryOf(long id) {
    return new RunTry(runs.find(id).orElseThrow(), TOKEN);
  }

  private static final UUID TOKEN = UUID.randomUUID();

  /** A run of no machine's queue, put straight into {@code status}, owned by {@link #TOKEN}. */
  private long runIn(RunStatus status) {
    long id =
        runs.enqueue(
            new RunRequest("maven:9.12.3", "transitions-test", "tiny", "europarl", "manual"), null);
    jdbc.sql("update run set status = :status, try_token = :token where id = :id")
        .param("status", status.db())
        .param("token", TOKEN)
        .param("id", id)
        .update();
    return id;
  }
}
