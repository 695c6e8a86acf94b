package org.nightbench.series;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One point of a series: one run's mean over its JVMs at the revision's date.
 *
 * <p>Written as a JSON array, not an object: a series holds thousands of points and the field names
 * would be most of the payload; {@link SeriesPoints#COLUMNS} names the positions. New columns go at
 * the end, so clients reading by position keep working. A point's commit is not here: forty random
 * hex digits per night would be most of a long series' compressed bytes; the run has it.
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"x", "value", "stddev", "runId", "luceneSpec", "luceneVersion"})
public record Point(
    long x, double value, Double stddev, long runId, String luceneSpec, String luceneVersion) {}
