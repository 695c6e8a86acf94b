package org.nightbench.runs.machines;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.database.DatabaseHealth;
import org.nightbench.runs.RunnerProperties;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * The {@code workers} health component: each machine's live workers and last heartbeat. {@code
 * WARNING} when a machine whose worker beat within the last day has no live worker now (a box went
 * down or lost the database), or when this process is a worker and its own heartbeats are not
 * getting through; the app itself still serves, so it is not {@code DOWN}.
 */
@Component
class WorkersHealthIndicator extends AbstractHealthIndicator {

  /** A machine silent for longer is taken as retired rather than down. */
  static final Duration RECENTLY_SEEN = Duration.ofDays(1);

  private final MachineRegistry machines;
  private final DatabaseHealth database;
  private final RunnerProperties settings;

  WorkersHealthIndicator(
      MachineRegistry machines, RunnerProperties settings, DatabaseHealth database) {
    super("worker heartbeats could not be read");
    this.machines = machines;
    this.database = database;
    this.settings = settings;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    // Not read while the database is away: the db component says so, at once.
    if (!database.check().reachable()) {
      builder.unknown().withDetail("reason", "the database is unreachable");
      return;
    }
    List<MachineStatus> all = machines.overview();
    Instant recently = Instant.now().minus(RECENTLY_SEEN);
    Map<String, Object> perMachine = new LinkedHashMap<>();
    List<String> silent =
        all.stream()
            .filter(m -> m.liveWorkers() == 0)
            .filter(m -> m.lastHeartbeat() != null && m.lastHeartbeat().isAfter(recently))
            .map(MachineStatus::label)
            .toList();
    long live = 0;
    for (MachineStatus machine : all) {
      live += machine.liveWorkers();
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("liveWorkers", machine.liveWorkers());
      detail.put("lastHeartbeat", machine.lastHeartbeat());
      perMachine.put(machine.label(), detail);
    }
    boolean ownSilent =
        settings.workerEnabled()
            && all.stream()
                .noneMatch(m -> m.label().equals(settings.machine()) && m.liveWorkers() > 0);
    builder.status(silent.isEmpty() && !ownSilent ? HealthStatuses.UP : HealthStatuses.WARNING);
    builder.withDetail("liveWorkers", live).withDetail("machines", perMachine);
    if (!silent.isEmpty()) {
      builder.withDetail("silentMachines", silent);
    }
    if (ownSilent) {
      builder.withDetail(
          "thisWorker",
          "this process is a worker of '"
              + settings.machine()
              + "' but no live heartbeat of it is stored");
    }
  }
}
