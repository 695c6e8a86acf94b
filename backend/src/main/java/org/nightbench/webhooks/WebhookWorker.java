package org.nightbench.webhooks;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends the deliveries that are due, one row per transaction: the row stays locked while its POST
 * is under way, so several instances never send the same row at once, and an instance that dies
 * mid-send leaves the row due for the next one (a receiver may then see a message twice, never zero
 * times).
 */
@Component
public class WebhookWorker {

  private static final Logger log = LoggerFactory.getLogger(WebhookWorker.class);

  private final WebhookDeliveries deliveries;
  private final WebhookSender sender;
  private final WebhookProperties properties;
  private final TransactionTemplate transaction;
  private final Clock clock;

  WebhookWorker(
      WebhookDeliveries deliveries,
      WebhookSender sender,
      WebhookProperties properties,
      PlatformTransactionManager transactions,
      ObjectProvider<Clock> clock) {
    this.deliveries = deliveries;
    this.sender = sender;
    this.properties = properties;
    this.transaction = new TransactionTemplate(transactions);
    // Tests move a Clock bean forward instead of waiting out the backoff.
    this.clock = clock.getIfAvailable(Clock::systemUTC);
  }

  /** Attempts every delivery due now, once each; returns how many attempts it made. */
  public int deliverDue() {
    int attempts = 0;
    while (Boolean.TRUE.equals(transaction.execute(status -> attemptOne()))) {
      attempts++;
    }
    return attempts;
  }

  /** Makes a pending or failed delivery due now; false when it was delivered already. */
  boolean retry(long id) {
    return deliveries.makeDue(id, clock.instant());
  }

  private boolean attemptOne() {
    Optional<WebhookDeliveries.Due> claimed = deliveries.claimDue(clock.instant());
    if (claimed.isEmpty()) {
      return false;
    }
    WebhookDeliveries.Due due = claimed.get();
    DeliveryAttempt attempt = sender.post(due.url(), due.payload());
    Instant now = clock.instant();
    int attempts = due.attempts() + 1;
    if (attempt.delivered()) {
      deliveries.recordAttempt(due.id(), attempt, now, now, null);
      return true;
    }
    Duration wait = properties.backoffAfter(attempts);
    deliveries.recordAttempt(due.id(), attempt, now, null, wait == null ? null : now.plus(wait));
    String target = WebhookDelivery.target(due.url());
    if (wait == null) {
      log.warn(
          "Webhook delivery {} to {} failed for good after {} attempts: {}",
          due.id(),
          target,
          attempts,
          attempt.error());
    } else {
      log.info(
          "Webhook delivery {} to {} failed (attempt {}), next in {}: {}",
          due.id(),
          target,
          attempts,
          wait,
          attempt.error());
    }
    return true;
  }
}
