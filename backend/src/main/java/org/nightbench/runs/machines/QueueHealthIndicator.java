package org.nightbench.runs.machines;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * The {@code queue} health component: runs queued and running, the oldest queued one, and {@code
 * WARNING} with the labels when runs wait for a machine no live worker serves (they would wait
 * silently otherwise).
 */
@Component
class QueueHealthIndicator extends AbstractHealthIndicator {

  private final MachineRegistry machines;

  QueueHealthIndicator(MachineRegistry machines) {
    super("the run queue could not be read");
    this.machines = machines;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    MachineRegistry.QueueSummary queue = machines.queueSummary();
    builder
        .status(queue.unserved().isEmpty() ? HealthStatuses.UP : HealthStatuses.WARNING)
        .withDetail("queued", queue.queued())
        .withDetail("running", queue.running())
        .withDetail("oldestQueuedAt", queue.oldestQueuedAt());
    if (!queue.unserved().isEmpty()) {
      builder.withDetail("waitingForAWorker", queue.unserved());
    }
  }
}
