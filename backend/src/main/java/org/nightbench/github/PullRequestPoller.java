package org.nightbench.github;

import org.nightbench.jobs.PollingThread;
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

  private final PollingThread thread;

  PullRequestPoller(PullRequestBenchmarks benchmarks, GitHubProperties properties) {
    this.thread =
        new PollingThread(
            "github-pull-requests",
            "Pull-request poll",
            properties.pollInterval(),
            benchmarks::work,
            LoggerFactory.getLogger(PullRequestPoller.class));
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    thread.start();
  }

  @Override
  public void destroy() throws InterruptedException {
    thread.close();
  }
}
