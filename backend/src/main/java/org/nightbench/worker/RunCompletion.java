package org.nightbench.worker;

import java.util.ArrayList;
import java.util.List;
import org.nightbench.harness.StepResult;
import org.nightbench.ingest.Ingested;
import org.nightbench.ingest.ResultIngester;
import org.nightbench.ingest.RunContext;
import org.nightbench.ingest.RunIngested;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The worker's last step for a run that measured: stores its results and ends it, in one
 * transaction, so its points and its end commit together or not at all; the transaction is bounded
 * ({@link IngestionTimeouts}), so a worker frozen inside it holds nothing for long.
 */
@Component
class RunCompletion {

  private final ResultIngester ingester;
  private final RunRepository runs;
  private final RunHistoryRepository history;
  private final ApplicationEventPublisher events;
  private final JdbcClient jdbc;

  RunCompletion(
      ResultIngester ingester,
      RunRepository runs,
      RunHistoryRepository history,
      ApplicationEventPublisher events,
      JdbcClient jdbc) {
    this.ingester = ingester;
    this.runs = runs;
    this.history = history;
    this.events = events;
    this.jdbc = jdbc;
  }

  /**
   * Ingests the run's result files, records {@code findings} with the run, and ends it succeeded
   * (or failed keeping results, when {@code findings} names a failure); publishes {@link
   * RunIngested}, which its listeners receive after commit.
   *
   * @return how many points were stored
   * @throws IllegalStateException when the run may not end so (cancelled meanwhile, or no longer
   *     {@code attempt}'s): nothing of it is stored
   */
  @Transactional
  public int complete(
      RunTry attempt, RunContext context, List<StepResult> steps, RunFindings findings) {
    IngestionTimeouts.DEFAULT.apply(jdbc);
    // A try that is no longer the run's writes nothing, so it holds none of the run's rows either.
    if (!runs.state(attempt).owned()) {
      throw new IllegalStateException(
          "run " + context.runId() + " is no longer this try's; its results are not stored");
    }
    Ingested ingested = ingester.ingest(context, steps);
    List<String> notes = new ArrayList<>(findings.notes());
    notes.addAll(ingested.notes());
    history.recordFindings(
        context.runId(),
        notes,
        findings.calibrationBefore(),
        findings.calibrationAfter(),
        findings.disturbedReason());
    boolean ended =
        findings.failure() == null
            ? runs.markSucceeded(attempt, ingested.environmentJson())
            : runs.markFailedKeepingResults(
                attempt, findings.failure(), ingested.environmentJson());
    if (!ended) {
      // Cancelled, ended by someone else (a dead-run check) or taken over by another try while
      // ingesting: the points go too.
      throw new IllegalStateException(
          "run "
              + context.runId()
              + " was cancelled or ended elsewhere; its results are not stored");
    }
    events.publishEvent(new RunIngested(context.runId(), ingested.seriesIds()));
    return ingested.points();
  }
}
