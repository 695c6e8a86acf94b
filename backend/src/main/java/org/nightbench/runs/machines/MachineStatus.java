package org.nightbench.runs.machines;

import java.time.Instant;
import java.util.List;

/**
 * One machine label: its workers, when one last beat, the run it measures now and how many wait.
 *
 * @param known whether a worker ever served the label (runs may be queued only for known labels)
 * @param lastHeartbeat the latest beat of any of its workers; null when none ever beat
 * @param currentRun the run in progress on it, or null
 * @param queued how many runs wait for it
 * @param warning why queued runs will not start, or null when nothing waits or a worker is live
 */
public record MachineStatus(
    String label,
    boolean known,
    List<WorkerStatus> workers,
    Instant lastHeartbeat,
    CurrentRun currentRun,
    long queued,
    String warning) {

  /** The run a machine measures now. */
  public record CurrentRun(long id, String luceneSpec, String progress) {}

  /**
   * The warning a run queued for {@code label} carries while no live worker serves it: one line
   * saying why it waits and what makes it start.
   */
  public static String unserved(String label) {
    return "no live worker serves machine '"
        + label
        + "': the run waits until a worker started with nightbench.runner.machine="
        + label
        + " beats again (see /machines)";
  }

  /** How many of its workers are live. */
  public long liveWorkers() {
    return workers.stream().filter(WorkerStatus::live).count();
  }
}
