package org.nightbench.changepoints;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * A step found in one series: the run where the new level starts, the level before and after, and
 * where it stands in triage.
 *
 * @param relativeChange {@code meanAfter / meanBefore - 1}
 * @param direction {@code regression} or {@code improvement}, by the metric's better direction
 */
@Schema(description = "A detected change point of one series")
public record ChangePoint(
    long id,
    long seriesId,
    long runId,
    Long previousRunId,
    Instant x,
    double meanBefore,
    double meanAfter,
    double relativeChange,
    Double pValue,
    String direction,
    String state,
    String assignee) {}
