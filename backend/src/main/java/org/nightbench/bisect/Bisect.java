package org.nightbench.bisect;

import java.time.Instant;

/**
 * One bisect as stored: what it measures, how, and where its walk stands.
 *
 * @param goodPosition the newest position known to measure as the good end
 * @param badPosition the oldest position known to measure as the bad end
 * @param referenceEffect the bad end's relative difference to the good end; null until measured
 * @param jfr whether every probe records JFR on both sides (column {@code want_profiles}, its older
 *     name, kept for the stored bisects)
 * @param state running, found, range, undecided, failed or cancelled
 */
public record Bisect(
    long id,
    String benchmark,
    String task,
    String metric,
    String profile,
    String corpus,
    int jvms,
    int maxJvms,
    boolean jfr,
    String state,
    int goodPosition,
    int badPosition,
    Double referenceEffect,
    String message,
    Long changePointId,
    Long seriesId,
    Long annotationId,
    String requestedBy,
    Instant createdAt,
    Instant finishedAt) {

  static final String RUNNING = "running";
  static final String FOUND = "found";
  static final String RANGE = "range";
  static final String UNDECIDED = "undecided";
  static final String FAILED = "failed";
  static final String CANCELLED = "cancelled";

  public boolean running() {
    return RUNNING.equals(state);
  }
}
