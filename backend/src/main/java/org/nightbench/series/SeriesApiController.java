package org.nightbench.series;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import org.nightbench.annotations.Annotation;
import org.nightbench.annotations.AnnotationService;
import org.nightbench.changepoints.ChangePoint;
import org.nightbench.changepoints.ChangePointService;
import org.nightbench.web.Csv;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The series as JSON: the list, one series and its points. */
@RestController
@RequestMapping(path = "/api/series", produces = "application/json")
@Tag(name = "Series", description = "Benchmark series and their nightly points")
class SeriesApiController {

  private final SeriesService series;
  private final AnnotationService annotations;
  private final ChangePointService changePoints;
  private final PreparedPoints preparedPoints;

  SeriesApiController(
      SeriesService series,
      AnnotationService annotations,
      ChangePointService changePoints,
      PreparedPoints preparedPoints) {
    this.series = series;
    this.preparedPoints = preparedPoints;
    this.annotations = annotations;
    this.changePoints = changePoints;
  }

  @GetMapping
  @Operation(
      summary = "All series, grouped as the nightly pages group them",
      description = "Each series with its point count and latest value ± stddev.")
  List<SeriesGroup> list() {
    return series.grouped();
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
  @ApiResponse(
      responseCode = "200",
      description = "The points; gzipped when the client accepts it, with an ETag to revalidate",
      content = @Content(schema = @Schema(implementation = SeriesPoints.class)))
  @ApiResponse(responseCode = "304", description = "Unchanged since the ETag in If-None-Match")
  @ApiResponse(
      responseCode = "404",
      description = "No such series",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  ResponseEntity<byte[]> points(
      @Parameter(description = "Series id") @PathVariable long id,
      @Parameter(hidden = true) @RequestHeader(name = HttpHeaders.ACCEPT_ENCODING, required = false)
          String acceptEncoding) {
    PreparedPoints.Prepared points = preparedPoints.of(id);
    // With the ETag set, Spring answers a matching If-None-Match with 304 and no body.
    ResponseEntity.BodyBuilder response =
        ResponseEntity.ok()
            .contentType(MediaType.APPLICATION_JSON)
            .eTag(points.etag())
            .cacheControl(CacheControl.noCache())
            .varyBy(HttpHeaders.ACCEPT_ENCODING);
    if (AcceptEncoding.allowsGzip(acceptEncoding)) {
      // Already compressed: the server's own compression leaves an encoded body alone.
      return response.header(HttpHeaders.CONTENT_ENCODING, "gzip").body(points.gzipped());
    }
    return response.body(points.plain());
  }

  @GetMapping(value = "/overview.csv", produces = "text/csv")
  @Operation(summary = "The overview table as CSV: every series with its latest point and changes")
  ResponseEntity<String> overviewCsv() {
    Csv csv =
        new Csv(
            "id",
            "group",
            "benchmark",
            "task",
            "metric",
            "unit",
            "machine",
            "jdk",
            "corpus",
            "profile",
            "points",
            "latest_date",
            "latest_value",
            "latest_stddev",
            "change_vs_previous",
            "change_vs_30_days",
            "open_change_points",
            "suspected_change_points");
    for (SeriesGroup group : series.grouped()) {
      for (SeriesSummary summary : group.series()) {
        Series s = summary.series();
        csv.row(
            s.id(),
            s.group(),
            s.benchmark(),
            s.task(),
            s.metric(),
            s.unit(),
            s.machine(),
            s.jdk(),
            s.corpus(),
            s.profile(),
            summary.pointCount(),
            summary.latestX(),
            summary.latestValue(),
            summary.latestStddev(),
            summary.changeVsPrevious(),
            summary.changeVs30Days(),
            summary.openChangePoints(),
            summary.suspectedChangePoints());
      }
    }
    return csv.download("series.csv");
  }

  @GetMapping(value = "/{id}/points.csv", produces = "text/csv")
  @Operation(summary = "The points of one series as CSV, one line per point, for spreadsheets")
  ResponseEntity<String> pointsCsv(@Parameter(description = "Series id") @PathVariable long id) {
    Csv csv =
        new Csv(
            "date",
            "x",
            "value",
            "stddev",
            "run_id",
            "lucene_spec",
            "lucene_version",
            "disturbed_reason");
    for (Point point : series.points(id).points()) {
      csv.row(
          Instant.ofEpochMilli(point.x()),
          point.x(),
          point.value(),
          point.stddev(),
          point.runId(),
          point.luceneSpec(),
          point.luceneVersion(),
          point.disturbedReason());
    }
    return csv.download("series-" + id + ".csv");
  }

  @GetMapping("/{id}/annotations")
  @Operation(
      summary = "The annotations on one series' chart, lettered A, B, C … in date order",
      description = "Its own, its benchmark group's and the global ones.")
  List<Annotation> annotations(@Parameter(description = "Series id") @PathVariable long id) {
    Series shown = series.get(id);
    return annotations.forSeries(shown.id(), shown.benchmark());
  }

  @GetMapping("/{id}/change-points")
  @Operation(summary = "The detected change points of one series, in x order, in any state")
  List<ChangePoint> changePoints(@Parameter(description = "Series id") @PathVariable long id) {
    series.get(id);
    return changePoints.forSeries(id);
  }

  @GetMapping("/{id}/related")
  @Operation(
      summary = "Series worth drawing on the same chart",
      description =
          "The same benchmark and metric: other tasks (e.g. the same query family under another"
              + " Directory) and the same task on other machines, JDKs or profiles.")
  List<Series> related(@Parameter(description = "Series id") @PathVariable long id) {
    return series.related(id);
  }
}
