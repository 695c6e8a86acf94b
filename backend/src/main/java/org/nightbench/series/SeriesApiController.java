package org.nightbench.series;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The series as JSON: the list, one series and its points. */
@RestController
@RequestMapping(path = "/api/series", produces = "application/json")
@Tag(name = "Series", description = "Benchmark series and their nightly points")
class SeriesApiController {

  private final SeriesService series;

  SeriesApiController(SeriesService series) {
    this.series = series;
  }

  @GetMapping
  @Operation(
      summary = "All series, grouped by benchmark",
      description = "Each series with its point count and latest value ± stddev.")
  List<SeriesGroup> list() {
    return series.groupedByBenchmark();
  }

  @GetMapping("/{id}")
  @Operation(summary = "One series: what it measures, on which machine, JDK, corpus and profile")
  @ApiResponse(responseCode = "200", description = "The series")
  @ApiResponse(
      responseCode = "404",
      description = "No such series",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  Series get(@Parameter(description = "Series id") @PathVariable long id) {
    return series.get(id);
  }

  @GetMapping("/{id}/points")
  @Operation(
      summary = "Every point of one series, in x order",
      description =
          "One point per run: the revision date, the mean over the run's JVMs and its ±1σ."
              + " Points are compact arrays; `columns` names their positions.")
  @ApiResponse(responseCode = "200", description = "The points")
  @ApiResponse(
      responseCode = "404",
      description = "No such series",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  SeriesPoints points(@Parameter(description = "Series id") @PathVariable long id) {
    return series.points(id);
  }
}
