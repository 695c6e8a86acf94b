package org.nightbench.github;

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
 * Does the slow part of pull-request benchmarks every {@code nightbench.github.poll-interval}, in a
 * thread of its own (a git fetch or a slow GitHub holds a round), and only when the feature is on.
 */
@Component
@ConditionalOnProperty(name = "nightbench.github.enabled", havingValue = "true")
class PullRequestPoller implements ApplicationListener<ApplicationReadyEvent>, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(PullRequestPoller.class);

  private final PullRequestBenchmarks benchmarks;
  private final GitHubProperties properties;
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "github-pull-requests");
            thread.setDaemon(true);
            return thread;
          });

  PullRequestPoller(PullRequestBenchmarks benchmarks, GitHubProperties properties) {
    this.benchmarks = benchmarks;
    this.properties = properties;
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    long interval = properties.pollInterval().toMillis();
    executor.scheduleWithFixedDelay(this::poll, interval, interval, TimeUnit.MILLISECONDS);
  }

  private void poll() {
    try {
      benchmarks.work();
    } catch (RuntimeException e) {
      // A scheduled executor silently stops repeating a task that throws.
      log.warn("Pull-request poll failed; trying again in {}", properties.pollInterval(), e);
    }
  }

  @Override
  public void destroy() {
    executor.shutdownNow();
  }
}
