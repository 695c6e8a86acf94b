package org.nightbench.ingest;

import java.time.Instant;
import java.util.Map;

/**
 * What the runner knows about a run beyond the harness results: where its points go on the time
 * axis and the identity fields its series share.
 *
 * @param runId the run being ingested
 * @param x the points' position on the time axis (the revision's date, else the run's start)
 * @param machine, jdk, corpus, profile the series identity shared by all its metrics
 * @param facts extra environment facts recorded with the run (corpus checksum, JDK home …)
 */
public record RunContext(
    long runId,
    Instant x,
    String machine,
    String jdk,
    String corpus,
    String profile,
    Map<String, Object> facts) {}
