package org.nightbench.series;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One point of a series: one run's mean over its JVMs at the revision's date.
 *
 * <p>Written as a JSON array, not an object: a series holds thousands of points and the field
 * names would be most of the payload; {@link SeriesPoints#COLUMNS} names the positions.
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"x", "value", "stddev", "runId", "luceneSpec", "luceneVersion"})
@Schema(
    type = "array",
    description =
        "[x (revision date, epoch milliseconds), value, stddev (±1σ over JVMs, may be null),"
            + " runId, luceneSpec, luceneVersion (may be null)]",
    example = "[1718236800000, 1234.5, 12.5, 42, \"maven:9.12.3\", \"9.12.3\"]")
public record Point(
    long x, double value, Double stddev, long runId, String luceneSpec, String luceneVersion) {}
