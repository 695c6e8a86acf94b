package org.nightbench.series;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One point of a series: one run's mean over its JVMs at the revision's date.
 *
 * <p>Written as a JSON array, not an object: a series holds thousands of points and the field names
 * would be most of the payload; {@link SeriesPoints#COLUMNS} names the positions. New columns go at
 * the end, so clients reading by position keep working.
 *
 * @param commitSha the git commit the run's Lucene was built from; null unless a {@code git:} spec
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"x", "value", "stddev", "runId", "luceneSpec", "luceneVersion", "commitSha"})
public record Point(
    long x,
    double value,
    Double stddev,
    long runId,
    String luceneSpec,
    String luceneVersion,
    String commitSha) {}
