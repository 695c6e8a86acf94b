package org.nightbench.runs.machines;

import org.springframework.boot.health.contributor.Status;

/**
 * The statuses of Nightbench's own health components. {@code WARNING} sits between {@code
 * OUT_OF_SERVICE} and {@code UP} in {@code management.endpoint.health.status.order} and answers
 * 200: a benchmark box that is down needs an operator, but the app that serves the pages is fine,
 * and a load balancer must not take it out.
 */
final class HealthStatuses {

  static final Status UP = Status.UP;

  static final Status WARNING =
      new Status("WARNING", "some machine or queued run needs an operator; see the details");

  private HealthStatuses() {}
}
