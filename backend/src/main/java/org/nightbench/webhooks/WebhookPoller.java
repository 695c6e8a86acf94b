package org.nightbench.webhooks;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * Runs the worker every {@code nightbench.webhooks.poll-interval} unless {@code
 * nightbench.webhooks.worker-enabled} is false.
 *
 * <p>Its own thread rather than {@code @Scheduled}: an unreachable URL holds a poll for the whole
 * request timeout, and Spring's scheduler has one thread for every scheduled task of the app.
 */
@Component
@ConditionalOnProperty(
    name = "nightbench.webhooks.worker-enabled",
    havingValue = "true",
    matchIfMissing = true)
class WebhookPoller implements ApplicationListener<ApplicationReadyEvent>, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(WebhookPoller.class);

  private final WebhookWorker worker;
  private final WebhookProperties properties;
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "webhook-deliveries");
            thread.setDaemon(true);
            return thread;
          });

  WebhookPoller(WebhookWorker worker, WebhookProperties properties) {
    this.worker = worker;
    this.properties = properties;
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    long interval = properties.pollInterval().toMillis();
    executor.scheduleWithFixedDelay(this::poll, interval, interval, TimeUnit.MILLISECONDS);
  }

  private void poll() {
    try {
      worker.deliverDue();
    } catch (CancellationException e) {
      // Stopping: the delivery under way stays due for the next poll of any instance.
    } catch (RuntimeException e) {
      // A scheduled executor silently stops repeating a task that throws; a database that is away
      // for a moment must not end webhooks until the next restart.
      log.warn("Webhook poll failed; trying again in {}", properties.pollInterval(), e);
    }
  }

  @Override
  public void destroy() throws InterruptedException {
    executor.shutdownNow();
    // Lets an interrupted send roll back its row before the data source closes.
    executor.awaitTermination(5, TimeUnit.SECONDS);
  }
}
