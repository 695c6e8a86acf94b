package org.nightbench.runs;

import java.time.Instant;

/**
 * One request to benchmark one Lucene revision on one machine, and what became of it.
 *
 * @param commitSha the git commit the Lucene was built from: a {@code git:} run's, or the one a
 *     release's lucene-core manifest (or its tag) names; null when unknown
 * @param commitDate the commit's committer date; null when unknown
 * @param disturbedReason why the run's machine was judged disturbed (its calibration moved); null
 *     when it was not or has not been judged yet
 * @param warning why a queued run does not start (no live worker serves its machine), or null
 */
public record Run(
    long id,
    String luceneSpec,
    String luceneVersion,
    Instant revisionDate,
    String machine,
    String profile,
    String corpus,
    String reason,
    RunStatus status,
    String progress,
    String error,
    String jdk,
    Instant queuedAt,
    Instant startedAt,
    Instant finishedAt,
    String commitSha,
    String commitAuthor,
    Instant commitDate,
    String commitSubject,
    String disturbedReason,
    String warning) {

  /** Whether the run's machine was judged disturbed: its points say little about Lucene. */
  public boolean disturbed() {
    return disturbedReason != null;
  }
}
