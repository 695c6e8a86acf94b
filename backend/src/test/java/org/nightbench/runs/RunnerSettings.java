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
        s.profiles());
  }
}
