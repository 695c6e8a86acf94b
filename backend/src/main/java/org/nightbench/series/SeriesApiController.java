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
import org.nightbench.web.AcceptEncoding;
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
import org.springframework.web.bind.annotation.RequestParam;
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
      description =
          "Each series with its point count and latest value ± stddev. With `task`, only the"
              + " series of that task category (ignoring case), by Nightbench's name or by"
              + " luceneutil's where they differ (`TermDTSortSkipper` is TermDateTimeSortSkipper,"
              + " `DVRangeLastModNarrow` is DVRangeNarrow); groups left empty are left out.")
  List<SeriesGroup> list(
      @Parameter(description = "Only this task category, e.g. AndHighHigh or TermDTSortSkipper")
          @RequestParam(required = false)
          String task) {
    List<SeriesGroup> groups = series.grouped();
    if (task == null || task.isBlank()) {
      return groups;
    }
    String wanted = TaskVocabulary.nightbenchName(task);
    return groups.stream()
        .map(
            g ->
                new SeriesGroup(
                    g.group(),
                    g.title(),
                    g.series().stream()
                        .filter(s -> s.series().task().equalsIgnoreCase(wanted))
                        .toList()))
        .filter(g -> !g.series().isEmpty())
        .toList();
  }

  @GetMapping("/knn")
  @Operation(
      summary =
          "The KNN page's charts: a chart per KNN metric, a line per vector format and fanout",
      description =
          "For one machine, JDK, corpus and profile (all four, else the one measured most"
              + " recently): the series ids of each metric's lines, and for each format and fanout"
              + " the recall and mean-latency series its recall–latency frontier is read from."
              + " The points are under `/api/series/{id}/points`.")
  KnnPage knn(
      @RequestParam(required = false) String machine,
      @RequestParam(required = false) String jdk,
      @RequestParam(required = false) String corpus,
      @RequestParam(required = false) String profile) {
    return series.knn(machine, jdk, corpus, profile);
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
    return preparedJson(points.etag(), points.gzipped(), acceptEncoding);
  }

  /**
   * JSON gzipped once ahead: sent as it is to a client that accepts gzip, else unzipped. With the
   * ETag set, Spring answers a matching If-None-Match with 304 and no body.
   */
  private static ResponseEntity<byte[]> preparedJson(
      String etag, byte[] gzipped, String acceptEncoding) {
    ResponseEntity.BodyBuilder response =
        ResponseEntity.ok()
            .contentType(MediaType.APPLICATION_JSON)
            .eTag(etag)
            .cacheControl(CacheControl.noCache())
            .varyBy(HttpHeaders.ACCEPT_ENCODING);
    if (AcceptEncoding.allowsGzip(acceptEncoding)) {
      // Already compressed: the server's own compression leaves an encoded body alone.
      return response.header(HttpHeaders.CONTENT_ENCODING, "gzip").body(gzipped);
    }
    return response.body(PreparedPoints.gunzip(gzipped));
  }

  /** The most series one request for points may ask for. */
  static final int MAX_SERIES_PER_REQUEST = 200;

  /** How many annotations lie in the asked window, before thinning. */
  static final String TOTAL_COUNT = "X-Total-Count";

  @GetMapping("/points")
  @Operation(
      summary = "The points of several series at once, in the order asked",
      description =
          "`{\"series\": [...]}`, each element the answer of `/api/series/{id}/points` for one id:"
              + " one request where a page draws many series (the KNN page draws 60). At most "
              + MAX_SERIES_PER_REQUEST
              + " ids.")
  @ApiResponse(
      responseCode = "200",
      description = "The points; gzipped when the client accepts it, with an ETag to revalidate")
  @ApiResponse(responseCode = "304", description = "Unchanged since the ETag in If-None-Match")
  @ApiResponse(
      responseCode = "400",
      description = "No id, or more than " + MAX_SERIES_PER_REQUEST,
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  @ApiResponse(
      responseCode = "404",
      description = "One of the series does not exist",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  ResponseEntity<byte[]> pointsOfMany(
      @Parameter(description = "Series ids, comma-separated, e.g. 12,31,40") @RequestParam
          List<Long> ids,
      @Parameter(hidden = true) @RequestHeader(name = HttpHeaders.ACCEPT_ENCODING, required = false)
          String acceptEncoding) {
    if (ids.isEmpty() || ids.size() > MAX_SERIES_PER_REQUEST) {
      throw new IllegalArgumentException(
          "ids: between 1 and " + MAX_SERIES_PER_REQUEST + " series, not " + ids.size());
    }
    if (ids.contains(null)) {
      throw new IllegalArgumentException("ids: a series id between two commas is missing");
    }
    PreparedPoints.PreparedMany points = preparedPoints.ofMany(ids);
    return preparedJson(points.etag(), points.gzipped(), acceptEncoding);
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
      description =
          "Its own, its benchmark's (scope group) and the global ones, within the series' nights."
              + " With from and to, only those of that window (the chart asks for what it shows"
              + " when zoomed); a letter is the annotation's place among all of the chart's, the"
              + " same in any window. When more than `limit` (default and at most 1000) lie in the"
              + " window, every k-th in date order is sent, and the header X-Total-Count says how"
              + " many there are in the window.")
  @ApiResponse(responseCode = "200", description = "The annotations in the window, maybe thinned")
  @ApiResponse(
      responseCode = "400",
      description = "A bad from, to or limit, in one line",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  ResponseEntity<List<Annotation>> annotations(
      @Parameter(description = "Series id") @PathVariable long id,
      @Parameter(description = "From this ISO date or instant, e.g. 2024-03-01T00:00:00Z")
          @RequestParam(required = false)
          String from,
      @Parameter(description = "Up to this ISO date or instant") @RequestParam(required = false)
          String to,
      @Parameter(description = "At most this many, 1 to 1000 (default 1000)")
          @RequestParam(required = false)
          Integer limit) {
    Series shown = series.get(id);
    AnnotationService.InView inView =
        annotations.forSeries(shown.id(), shown.benchmark(), from, to, limit);
    return ResponseEntity.ok()
        .header(TOTAL_COUNT, String.valueOf(inView.inView()))
        .body(inView.shown());
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
