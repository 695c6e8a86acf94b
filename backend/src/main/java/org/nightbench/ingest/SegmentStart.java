package org.nightbench.ingest;

import java.time.Instant;

/**
 * The first point of a new segment of a series: from it on the series measures with other settings
 * or another measuring version than before.
 *
 * @param runId the run of the point
 * @param x the point's place on the time axis
 * @param change what changed, for a reader: {@code benchmark changed: nrt reopen-interval-ms 1000 →
 *     50}
 */
public record SegmentStart(long runId, Instant x, String change) {

  /** How every {@link #change()} begins. */
  public static final String BENCHMARK_CHANGED = "benchmark changed";
}
