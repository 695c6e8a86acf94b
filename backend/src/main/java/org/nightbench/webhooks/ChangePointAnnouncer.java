package org.nightbench.webhooks;

import org.nightbench.changepoints.ChangePointDetected;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Queues the webhook deliveries of each change point the detector stores, in the transaction that
 * stores it: a detection rolled back announces nothing.
 */
@Component
class ChangePointAnnouncer {

  private final WebhookNotifier notifier;

  ChangePointAnnouncer(WebhookNotifier notifier) {
    this.notifier = notifier;
  }

  @EventListener
  void announce(ChangePointDetected detected) {
    notifier.changePointDetected(detected.changePointId());
  }
}
