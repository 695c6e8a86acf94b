package org.nightbench.annotations;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * One annotation: a remark on the charts at a date (or a run), with who wrote and last changed it.
 *
 * @param letter its letter on the chart it was asked for: A, B, … Z, AA, AB … in date order; null
 *     where no one chart is meant ({@code /api/annotations})
 * @param at the date it points at (a run's revision date when it was made on a run)
 * @param scope {@code series}, {@code group} (one benchmark) or {@code all}
 * @param seriesId the series of a {@code series} annotation
 * @param benchmark the benchmark group of a {@code group} annotation
 */
@Schema(description = "An annotation, with its letter on the chart it was asked for")
public record Annotation(
    long id,
    @Schema(nullable = true, description = "Its letter on the chart asked for, else null")
        String letter,
    Instant at,
    Long runId,
    String shortText,
    String longText,
    @Schema(
            allowableValues = {"code", "environment", "benchmark", "noise", "benchmark-changed"},
            description =
                "benchmark-changed: written by the application where a series' settings changed")
        String kind,
    @Schema(allowableValues = {"series", "group", "all"}) String scope,
    Long seriesId,
    String benchmark,
    String createdBy,
    Instant createdAt,
    String updatedBy,
    Instant updatedAt) {}
