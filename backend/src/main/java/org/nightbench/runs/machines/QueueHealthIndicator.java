package org.nightbench.runs.machines;

import org.nightbench.database.DatabaseHealth;
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
  private final DatabaseHealth database;

  QueueHealthIndicator(MachineRegistry machines, DatabaseHealth database) {
    super("the run queue could not be read");
    this.machines = machines;
    this.database = database;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    // Not read while the database is away: the db component says so, at once.
    if (!database.check().reachable()) {
      builder.unknown().withDetail("reason", "the database is unreachable");
      return;
    }
    MachineRegistry.QueueSummary queue = machines.queueSummary();
    builder
        .status(queue.unserved().isEmpty() ? HealthStatuses.UP : HealthStatuses.WARNING)
        .withDetail("queued", queue.queued())
        .withDetail("running", queue.running());
    // None when nothing waits: a detail may not be null (Spring would make the whole check DOWN).
    if (queue.oldestQueuedAt() != null) {
      builder.withDetail("oldestQueuedAt", queue.oldestQueuedAt());
    }
    if (!queue.unserved().isEmpty()) {
      builder.withDetail("waitingForAWorker", queue.unserved());
    }
  }
}
