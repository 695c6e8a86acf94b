package org.nightbench.runs;

import java.util.UUID;

/**
 * One try of a run: the run as its worker started it, and the token the start gave this try. Every
 * later transition, progress write and log line of the try names the token, and the database
 * refuses it once the run is no longer this try's (the dead-run check queued it again or failed it,
 * another worker started it over), so a worker that was frozen and wakes up cannot write over the
 * try that took its place.
 */
public record RunTry(Run run, UUID token) {

  public RunTry {
    if (run == null || token == null) {
      throw new IllegalArgumentException("a try names its run and its token");
    }
  }

  public long runId() {
    return run.id();
  }
}
