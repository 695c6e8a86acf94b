package org.nightbench.series.digest;

import org.nightbench.changepoints.DetectionFinished;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Prepares a run's digest once detection has looked at its points ({@link DetectionFinished}, after
 * they are committed), off the worker's thread, so the overview and the run page read it instead of
 * judging two thousand series per request; then announces it, the webhook with the detector's
 * verdict on the night. A failure here never fails the run: a reader computes what this could not.
 */
@Component
class DigestAfterIngest {

  private static final Logger log = LoggerFactory.getLogger(DigestAfterIngest.class);

  private final DigestService digests;
  private final ApplicationEventPublisher events;
  private final TransactionTemplate transaction;

  DigestAfterIngest(
      DigestService digests, ApplicationEventPublisher events, TransactionTemplate transaction) {
    this.digests = digests;
    this.events = events;
    this.transaction = transaction;
  }

  @Async
  @EventListener
  void prepare(DetectionFinished detected) {
    try {
      // One transaction: the digest kept and its webhook deliveries queued, or neither.
      transaction.executeWithoutResult(
          status ->
              digests
                  .prepare(detected.runId())
                  .ifPresent(digest -> events.publishEvent(new RunDigestPrepared(digest))));
    } catch (RuntimeException e) {
      log.warn("preparing the digest of run {} failed: {}", detected.runId(), e.getMessage(), e);
    }
  }
}
