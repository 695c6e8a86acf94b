package org.nightbench.comparisons;

import org.nightbench.jfr.JfrRecorder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stores what a comparison measured, judged, with its sides' JFR samples: one transaction, entered
 * from the worker's thread once every JVM is done.
 */
@Component
class ComparisonStore {

  private final ComparisonRepository repository;
  private final JfrRecorder jfr;

  ComparisonStore(ComparisonRepository repository, JfrRecorder jfr) {
    this.repository = repository;
    this.jfr = jfr;
  }

  @Transactional
  public void store(long runId, ComparisonOutcome outcome) {
    repository.storeResult(runId, ComparisonService.judge(outcome));
    jfr.record(runId, "baseline", outcome.baselineRecordings());
    jfr.record(runId, "candidate", outcome.candidateRecordings());
  }
}
