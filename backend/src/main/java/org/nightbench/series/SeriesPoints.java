package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Every point of one series in x order, each a compact array described by {@link #columns}. */
@Schema(description = "Every point of one series in x order; each point is an array")
public record SeriesPoints(
    long seriesId,
    @ArraySchema(schema = @Schema(example = "x")) List<String> columns,
    @Schema(
            implementation = Object[][].class,
            description =
                "Each point is [x (revision date, epoch milliseconds), value (6 significant"
                    + " digits), stddev (±1σ over JVMs, 3 significant digits, or null), runId,"
                    + " luceneSpec, luceneVersion (or null), disturbedReason (why the run's"
                    + " machine was disturbed, or null)]; a point's commit is on its run",
            example =
                "[[1718236800000, 1234.5, 12.5, 42, \"maven:9.12.3\", \"9.12.3\", null],"
                    + " [1718323200000, 1001.2, 40.1, 43, \"maven:10.0.0\", \"10.0.0\","
                    + " \"calibration moved +7.2% during the run (…)\"]]")
        List<Point> points) {

  /** The position of each value inside a point. */
  public static final List<String> COLUMNS =
      List.of("x", "value", "stddev", "runId", "luceneSpec", "luceneVersion", "disturbedReason");

  SeriesPoints(long seriesId, List<Point> points) {
    this(seriesId, COLUMNS, points);
  }
}
