package org.nightbench.runs;

import java.util.Locale;

/**
 * Where a run is in its life; only {@code succeeded} runs have measurements. Which status may
 * follow which is {@link RunTransition}'s to say.
 */
public enum RunStatus {
  QUEUED,
  RUNNING,
  SUCCEEDED,
  FAILED,
  CANCELLED;

  static RunStatus fromDb(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }

  /** The value of the {@code run.status} column. */
  String db() {
    return name().toLowerCase(Locale.ROOT);
  }
}
