package org.nightbench.runs.machines;

import java.time.Instant;

/**
 * One worker process of a machine as its last heartbeat left it.
 *
 * @param name host and process id, as the job engine names it
 * @param live whether it beat within its own dead-after time and has not stopped
 * @param stoppedAt when it stopped cleanly; null while it runs or after it was killed
 * @param currentRunId the run the job engine has handed it, or null when it is idle
 */
public record WorkerStatus(
    String name,
    Instant startedAt,
    Instant lastHeartbeat,
    boolean live,
    Instant stoppedAt,
    Long currentRunId) {}
