package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Every point of one series in x order, each a compact array described by {@link #columns}. */
@Schema(description = "Every point of one series in x order; each point is an array")
public record SeriesPoints(
    long seriesId,
    @ArraySchema(schema = @Schema(example = "x")) List<String> columns,
    @ArraySchema(schema = @Schema(implementation = Point.class)) List<Point> points) {

  /** The position of each value inside a point. */
  public static final List<String> COLUMNS =
      List.of("x", "value", "stddev", "runId", "luceneSpec", "luceneVersion");

  SeriesPoints(long seriesId, List<Point> points) {
    this(seriesId, COLUMNS, points);
  }
}
