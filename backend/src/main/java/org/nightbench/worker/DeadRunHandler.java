package org.nightbench.worker;

import com.github.kagkarlsson.scheduler.task.DeadExecutionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import java.time.Instant;
import java.util.List;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens to a run whose worker stopped heartbeating (killed, crashed, lost its database): it
 * fails naming the worker, or is queued again when retrying is on. Its results are ingested in one
 * transaction, so a dead run never has half its points.
 */
final class DeadRunHandler implements DeadExecutionHandler<Long> {

  private static final Logger log = LoggerFactory.getLogger(DeadRunHandler.class);

  private final RunRepository runs;
  private final RunLogRepository logs;
  private final boolean retry;

  DeadRunHandler(RunRepository runs, RunLogRepository logs, boolean retry) {
    this.runs = runs;
    this.logs = logs;
    this.retry = retry;
  }

  @Override
  public void deadExecution(ExecutionComplete complete, ExecutionOperations<Long> operations) {
    long runId = (Long) complete.getExecution().taskInstance.getData();
    if (runs.find(runId).map(run -> run.status() != RunStatus.RUNNING).orElse(true)) {
      // The worker ended the run (succeeded, failed, cancelled) and died before it could remove
      // the execution; the run's state is right, only the execution is left over.
      operations.stop();
      log.info("Run {}: removed the execution left by a worker that died after ending it", runId);
      return;
    }
    String message =
        "worker "
            + complete.getExecution().pickedBy
            + " stopped heartbeating while running this run";
    if (retry) {
      logs.append(runId, List.of(message + "; queued again"));
      if (runs.requeue(runId)) {
        operations.reschedule(complete, Instant.now());
        log.warn("Run {}: {}; queued again", runId, message);
        return;
      }
    } else {
      logs.append(runId, List.of("FAILED: " + message));
      if (runs.markFailed(runId, message)) {
        log.warn("Run {}: {}; marked failed", runId, message);
      }
    }
    // Failed, or ended in the meantime (the refusal is logged): the execution has no more to do.
    operations.stop();
  }
}
