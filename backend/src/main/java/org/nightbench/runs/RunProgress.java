package org.nightbench.runs;

/**
 * How far the queue has got, for the progress display while the first-start backfill runs.
 *
 * @param current the run being measured now, or null when the workers are idle
 */
public record RunProgress(long queued, long running, long succeeded, long failed, Current current) {

  /** The run in progress and the step it is on. */
  public record Current(long id, String luceneSpec, String progress) {}
}
