package org.nightbench.runs;

import java.nio.file.Path;
import java.time.Duration;

/** Copies of the test context's runner settings with one thing changed, for a worker of a test. */
public final class RunnerSettings {

  private RunnerSettings() {}

  /** A worker of {@code machine}, so no other test's queued runs are its to take. */
  public static RunnerProperties forMachine(RunnerProperties s, String machine) {
    return copy(s, machine, s.workDirectory(), s.ingestRetryFor(), s.keepFailedWorkFor());
  }

  /** The same settings with runs whose worker died (or stopped heartbeating) queued again. */
  public static RunnerProperties retryingDeadRuns(RunnerProperties s) {
    return new RunnerProperties(
        s.machine(),
        s.workDirectory(),
        s.profile(),
        s.workerEnabled(),
        s.stepTimeout(),
        s.jobTimeout(),
        s.pollingInterval(),
        s.heartbeatInterval(),
        s.missedHeartbeats(),
        true,
        s.ingestRetryFor(),
        s.keepFailedWorkFor(),
        s.profiles(),
        s.profileSections());
  }

  public static RunnerProperties copy(
      RunnerProperties s,
      String machine,
      Path workDirectory,
      Duration ingestRetryFor,
      Duration keepFailedWorkFor) {
    return new RunnerProperties(
        machine,
        workDirectory,
        s.profile(),
        false,
        s.stepTimeout(),
        s.jobTimeout(),
        s.pollingInterval(),
        s.heartbeatInterval(),
        s.missedHeartbeats(),
        s.retryDeadRuns(),
        ingestRetryFor,
        keepFailedWorkFor,
        s.profiles(),
        s.profileSections());
  }
}
