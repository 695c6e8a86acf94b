package org.nightbench.webhooks;

import org.nightbench.series.digest.RunDigestPrepared;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Queues the webhook deliveries of a finished run's digest, in the transaction that keeps the
 * digest: what changed last night reaches the chat the same morning.
 */
@Component
class RunDigestAnnouncer {

  private final WebhookNotifier notifier;

  RunDigestAnnouncer(WebhookNotifier notifier) {
    this.notifier = notifier;
  }

  @EventListener
  void announce(RunDigestPrepared prepared) {
    notifier.runFinished(prepared.digest());
  }
}
