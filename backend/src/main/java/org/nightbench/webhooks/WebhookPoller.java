package org.nightbench.webhooks;

import org.nightbench.jobs.Poller;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Runs the worker every {@code nightbench.webhooks.poll-interval} unless {@code
 * nightbench.webhooks.worker-enabled} is false, in a thread of its own: an unreachable URL holds a
 * poll for the whole request timeout.
 */
@Component
@ConditionalOnProperty(
    name = "nightbench.webhooks.worker-enabled",
    havingValue = "true",
    matchIfMissing = true)
class WebhookPoller extends Poller {

  WebhookPoller(WebhookWorker worker, WebhookProperties properties) {
    super("webhook-deliveries", "Webhook poll", properties.pollInterval(), worker::deliverDue);
  }
}
