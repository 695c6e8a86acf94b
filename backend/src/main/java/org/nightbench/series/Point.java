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
 *
 * @param disturbedReason why the run's machine was judged disturbed (its calibration moved), null
 *     when it was not; such a point is drawn apart and left out of detection
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({
  "x",
  "value",
  "stddev",
  "runId",
  "luceneSpec",
  "luceneVersion",
  "disturbedReason"
})
public record Point(
    long x,
    double value,
    Double stddev,
    long runId,
    String luceneSpec,
    String luceneVersion,
    String disturbedReason) {

  /** A point of a run that was not disturbed. */
  public Point(
      long x, double value, Double stddev, long runId, String luceneSpec, String luceneVersion) {
    this(x, value, stddev, runId, luceneSpec, luceneVersion, null);
  }
}
