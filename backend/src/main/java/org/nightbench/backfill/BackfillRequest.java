package org.nightbench.backfill;

import java.util.List;

/**
 * What to backfill: {@code releases} such as {@code ["9.12.3", "10.2.2"]}, or the latest patch of
 * every minor from {@code fromMinor} to {@code toMinor}. {@code commitRange} and {@code dateRange}
 * are recognised only to be refused until git revisions can be benchmarked.
 */
public record BackfillRequest(
    List<String> releases,
    String fromMinor,
    String toMinor,
    Object commitRange,
    Object dateRange) {}
