package org.nightbench.changepoints;

import org.nightbench.ingest.RunIngested;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Detects on every series a run added points to, once the run's points are committed and off the
 * worker's thread: a slow or failing detection never holds up or fails a benchmark run. Then
 * announces {@link DetectionFinished}, so the night's digest carries the detector's verdict.
 */
@Component
class DetectionAfterIngest {

  private static final Logger log = LoggerFactory.getLogger(DetectionAfterIngest.class);

  private final ChangePointDetection detection;
  private final ApplicationEventPublisher events;

  DetectionAfterIngest(ChangePointDetection detection, ApplicationEventPublisher events) {
    this.detection = detection;
    this.events = events;
  }

  @Async
  @TransactionalEventListener
  void detect(RunIngested ingested) {
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
