package org.nightbench.runs;

import java.time.Instant;

/** One request to benchmark one Lucene revision on one machine, and what became of it. */
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
    Instant finishedAt) {}
