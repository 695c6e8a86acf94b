package org.nightbench.runs;

/** Where a run is in its life; only {@code succeeded} runs have measurements. */
public enum RunStatus {
  QUEUED,
  RUNNING,
  SUCCEEDED,
  FAILED,
  CANCELLED;

  static RunStatus fromDb(String value) {
    return valueOf(value.toUpperCase(java.util.Locale.ROOT));
  }
}
