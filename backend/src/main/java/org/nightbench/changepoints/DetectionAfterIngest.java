package org.nightbench.changepoints;

import org.nightbench.changepoints.evidence.MachineEvidence;
import org.nightbench.ingest.RunIngested;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Detects on every series a run added points to, once the run's points are committed and off the
 * worker's thread: a slow or failing detection never holds up or fails a benchmark run. First works
 * out the run's machine evidence, once, from all its points; then each series; then announces
 * {@link DetectionFinished}, so the night's digest carries the detector's verdict.
 */
@Component
class DetectionAfterIngest {

  private static final Logger log = LoggerFactory.getLogger(DetectionAfterIngest.class);

  private final ChangePointDetection detection;
  private final MachineEvidence machineEvidence;
  private final ApplicationEventPublisher events;

  DetectionAfterIngest(
      ChangePointDetection detection,
      MachineEvidence machineEvidence,
      ApplicationEventPublisher events) {
    this.detection = detection;
    this.machineEvidence = machineEvidence;
    this.events = events;
  }

  @Async
  @TransactionalEventListener
  void detect(RunIngested ingested) {
    try {
      // First, once for the run: whether the machine moved it as a whole, which every series'
      // detection below reads (it leaves the machine's nights out of the history).
      machineEvidence.of(ingested.runId());
    } catch (RuntimeException e) {
      log.warn("machine evidence of run {} failed: {}", ingested.runId(), e.getMessage(), e);
    }
    int found = 0;
    for (long seriesId : ingested.seriesIds()) {
      try {
        found += detection.detectAfter(seriesId, ingested.runId()).size();
      } catch (RuntimeException e) {
        log.warn("change-point detection on series {} failed: {}", seriesId, e.getMessage(), e);
      }
    }
    if (found > 0) {
      log.info("run {}: {} new change point(s)", ingested.runId(), found);
    }
    events.publishEvent(new DetectionFinished(ingested.runId()));
  }
}
