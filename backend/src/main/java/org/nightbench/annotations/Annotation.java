package org.nightbench.annotations;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * One annotation as a chart shows it.
 *
 * @param letter its letter on this chart: A, B, … Z, AA, AB … in date order
 * @param at the date it points at (a run's revision date when it was made on a run)
 * @param scope {@code series}, {@code group} (one benchmark) or {@code all}
 */
@Schema(description = "An annotation with its letter on the chart it was asked for")
public record Annotation(
    long id,
    String letter,
    Instant at,
    Long runId,
    String shortText,
    String longText,
    @Schema(allowableValues = {"code", "environment", "benchmark", "noise"}) String kind,
    @Schema(allowableValues = {"series", "group", "all"}) String scope,
    String createdBy,
    Instant createdAt) {}
