package org.nightbench.jfr;

/**
 * A stored recording: one benchmark's JVMs of one run (or comparison side), samples merged.
 *
 * @param id what the flame graph's link names; the only way a request reaches a recording
 * @param runId the run that recorded it
 * @param side {@code ""} for an ordinary run, else {@code baseline} or {@code candidate}
 * @param benchmark e.g. {@code search}, {@code indexing 1kb-docs}
 * @param jvms how many JVMs' recordings it merges
 * @param samples their CPU samples
 */
public record JfrSummary(
    long id, long runId, String side, String benchmark, int jvms, long samples) {}
