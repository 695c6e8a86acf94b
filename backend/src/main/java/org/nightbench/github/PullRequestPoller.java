package org.nightbench.github;

import org.nightbench.jobs.Poller;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Does the slow part of pull-request benchmarks every {@code nightbench.github.poll-interval}, in a
 * thread of its own (a git fetch or a slow GitHub holds a round), and only when the feature is on.
 */
@Component
@ConditionalOnProperty(name = "nightbench.github.enabled", havingValue = "true")
class PullRequestPoller extends Poller {

  PullRequestPoller(PullRequestBenchmarks benchmarks, GitHubProperties properties) {
    super("github-pull-requests", "Pull-request poll", properties.pollInterval(), benchmarks::work);
  }
}
