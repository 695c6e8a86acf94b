package org.nightbench.worker;

import java.time.Duration;
import org.nightbench.jobs.Poller;
import org.nightbench.runs.machines.MachineRegistry;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.dao.DataAccessException;

/**
 * This worker's presence, beaten every heartbeat interval whether a run is in progress or not (the
 * job engine beats only executions): it makes the machine label known, and lets the machines page,
 * health and queued runs tell a served label from one nobody serves. A worker counts as live for
 * its heartbeat interval times its missed-heartbeat limit after each beat, the time after which its
 * run would be called dead; a clean stop says so at once.
 */
final class WorkerHeartbeat extends Poller {

  private final MachineRegistry machines;
  private final String name;
  private final String machine;
  private final Duration liveFor;

  WorkerHeartbeat(
      MachineRegistry machines,
      String name,
      String machine,
      Duration interval,
      int missedHeartbeats) {
    super(
        "worker-heartbeat",
        "Worker heartbeat",
        interval,
        () -> machines.beat(name, machine, interval.multipliedBy(missedHeartbeats)));
    this.machines = machines;
    this.name = name;
    this.machine = machine;
    this.liveFor = interval.multipliedBy(missedHeartbeats);
  }

  /** Beats once at once, so a new machine is listed the moment its worker is up, then repeats. */
  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    try {
      machines.beat(name, machine, liveFor);
    } catch (DataAccessException e) {
      // The rounds try again; a worker must start even while the database is away for a moment.
    }
    start();
  }

  @Override
  public void close() throws InterruptedException {
    super.close();
    try {
      machines.stopped(name);
    } catch (DataAccessException e) {
      // Then it is no longer live once its last beat is old enough.
    }
  }
}
