package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

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
    assertThat(runs.requestCancel(id)).isTrue();

    assertThat(runs.markSucceeded(id, "{}")).isFalse();
    assertThat(runs.markFailedKeepingResults(id, "1 benchmark failed", "{}")).isFalse();
    assertThat(runs.find(id).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);

    assertThat(runs.markCancelled(id, "cancelled on request")).isTrue();
    assertThat(runs.markSucceeded(id, "{}")).isFalse();
    assertThat(runs.markFailed(id, "late failure")).isFalse();
    assertThat(runs.requeue(id)).isFalse();
    Run cancelled = runs.find(id).orElseThrow();
    assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(cancelled.error()).isEqualTo("cancelled on request");
  }

  /** Takes one transition through the repository method that stands for it. */
  private boolean take(RunTransition transition, long id) {
    return switch (transition) {
      case START -> runs.start(id).isPresent();
      case SUCCEED -> runs.markSucceeded(id, "{}");
      case FAIL_KEEPING_RESULTS -> runs.markFailedKeepingResults(id, "1 benchmark failed", "{}");
      case FAIL -> runs.markFailed(id, "failed");
      case CANCEL_QUEUED -> runs.cancelQueued(id);
      case CANCEL_RUNNING -> runs.markCancelled(id, "cancelled on request");
      case REQUEUE -> runs.requeue(id);
    };
  }

  /** A run of no machine's queue, put straight into {@code status}. */
  private long runIn(RunStatus status) {
    long id =
        runs.enqueue(
            new RunRequest("maven:9.12.3", "transitions-test", "tiny", "europarl", "manual"), null);
    jdbc.sql("update run set status = :status where id = :id")
        .param("status", status.db())
        .param("id", id)
        .update();
    return id;
  }
}
