package org.nightbench.changepoints.marks;

import java.time.Instant;

/**
 * One night of one series marked for detection, with who marked it and why.
 *
 * @param kind {@code excluded} or {@code expected}
 * @param x the x (revision date) of the series' point of that run
 */
public record DetectionMark(
    long id,
    long seriesId,
    long runId,
    String kind,
    Instant x,
    String note,
    String createdBy,
    Instant createdAt) {}
