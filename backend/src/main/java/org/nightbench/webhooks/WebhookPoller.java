package org.nightbench.webhooks;

import org.nightbench.jobs.PollingThread;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
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
class WebhookPoller implements ApplicationListener<ApplicationReadyEvent>, DisposableBean {

  private final PollingThread thread;

  WebhookPoller(WebhookWorker worker, WebhookProperties properties) {
    this.thread =
        new PollingThread(
            "webhook-deliveries",
            "Webhook poll",
            properties.pollInterval(),
            worker::deliverDue,
            LoggerFactory.getLogger(WebhookPoller.class));
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    thread.start();
  }

  @Override
  public void destroy() throws InterruptedException {
    // Lets an interrupted send roll back its row before the data source closes.
    thread.close();
  }
}
