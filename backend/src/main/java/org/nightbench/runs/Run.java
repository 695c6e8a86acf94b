package org.nightbench.runs;

import java.time.Instant;

/**
 * One request to benchmark one Lucene revision on one machine, and what became of it.
 *
 * @param commitSha the git commit the Lucene was built from; this and the other commit fields are
 *     null unless the spec is a {@code git:} spec
 * @param commitDate the commit's committer date
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
    String commitSubject) {}
