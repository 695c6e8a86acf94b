package org.nightbench.changepoints.marks;

/** What an editor sends to mark a night: the run whose point it is, and an optional note. */
public record MarkRequest(Long runId, String note) {}
