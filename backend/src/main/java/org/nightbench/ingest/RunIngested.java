package org.nightbench.ingest;

import java.util.List;

/**
 * Published inside the transaction that stored a run's points and ended the run (by the worker's
 * completion step); listeners that act on the stored points listen after commit, so they never see
 * a run that was rolled back.
 *
 * @param runId the run
 * @param seriesIds every series the run added a point to
 */
public record RunIngested(long runId, List<Long> seriesIds) {

  public RunIngested {
    seriesIds = List.copyOf(seriesIds);
  }
}
