package org.nightbench.annotations;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * An annotation as a client writes it, for a new one or to replace an existing one.
 *
 * @param at an ISO date ({@code 2024-03-01}, midnight UTC) or instant; may be left out when {@code
 *     runId} is given, which then gives the run's revision date
 * @param scope {@code series} (needs {@code seriesId}), {@code group} (needs {@code benchmark}) or
 *     {@code all}; left out, it follows from which of the two is given
 */
@Schema(description = "An annotation to create, or the new content of one to edit")
public record AnnotationRequest(
    @Schema(example = "2024-03-01", description = "ISO date or instant; or leave out for runId's")
        String at,
    @Schema(description = "The run it is about; gives the date when `at` is left out") Long runId,
    @Schema(example = "New merge policy", maxLength = 200) String shortText,
    @Schema(example = "https://github.com/apache/lucene/pull/1234") String longText,
    @Schema(
            allowableValues = {"code", "environment", "benchmark", "noise"},
            defaultValue = "code")
        String kind,
    @Schema(allowableValues = {"series", "group", "all"}) String scope,
    Long seriesId,
    String benchmark) {}
