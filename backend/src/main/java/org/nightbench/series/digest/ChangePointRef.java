package org.nightbench.series.digest;

/**
 * The change point found for a digest row's series at a run of the digest's range, with its triage
 * state ({@code untriaged}, {@code investigating}, {@code confirmed} …).
 */
public record ChangePointRef(long id, String state) {}
