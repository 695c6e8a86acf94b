package org.nightbench.runs;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.series.RunMeasurement;
import org.nightbench.series.SeriesService;
import org.nightbench.web.Csv;
import org.nightbench.web.NotFoundException;
import org.nightbench.web.QueryParameters;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@RestController
@RequestMapping("/api/runs")
@Tag(name = "Runs", description = "Benchmark runs of Lucene revisions: queue, state and logs")
class RunApiController {

  /** The most runs one answer lists. */
  private static final int MAX_RUNS = 10_000;

  private final RunService runs;
  private final SeriesService series;
  private final JsonMapper json;

  RunApiController(RunService runs, SeriesService series, JsonMapper json) {
    this.runs = runs;
    this.series = series;
    this.json = json;
  }

  @GetMapping
  @Operation(summary = "The most recent runs, newest first")
  List<Run> recent(@RequestParam(defaultValue = "100") int limit) {
    return runs.recent(QueryParameters.limit("limit", limit, MAX_RUNS));
  }

  @GetMapping(value = "/recent.csv", produces = "text/csv")
  @Operation(summary = "The most recent runs as CSV, newest first")
  ResponseEntity<String> recentCsv(@RequestParam(defaultValue = "100") int limit) {
    QueryParameters.limit("limit", limit, MAX_RUNS);
    Csv csv =
        new Csv(
            "id",
            "lucene_spec",
            "lucene_version",
            "commit_sha",
            "revision_date",
            "machine",
            "profile",
            "corpus",
            "reason",
            "status",
            "jdk",
            "queued_at",
            "started_at",
            "finished_at",
            "error");
    for (Run r : runs.recent(limit)) {
      csv.row(
          r.id(),
          r.luceneSpec(),
          r.luceneVersion(),
          r.commitSha(),
          r.revisionDate(),
          r.machine(),
          r.profile(),
          r.corpus(),
          r.reason(),
          r.status(),
          r.jdk(),
          r.queuedAt(),
          r.startedAt(),
          r.finishedAt(),
          r.error());
    }
    return csv.download("runs.csv");
  }

  @GetMapping("/{id}")
  @Operation(summary = "One run with its state, resolved Lucene version, JDK and error")
  Run run(@PathVariable long id) {
    return runs.find(id).orElseThrow(() -> notFound(id));
  }

  @GetMapping("/{id}/measurements")
  @Operation(
      summary = "Every point the run added, with the series' point before it",
      description = "The run page's results table: one entry per series the run measured.")
  List<RunMeasurement> measurements(@PathVariable long id) {
    runs.find(id).orElseThrow(() -> notFound(id));
    return series.measurementsOfRun(id);
  }

  @GetMapping(value = "/{id}/measurements.csv", produces = "text/csv")
  @Operation(summary = "The same as CSV, for spreadsheets")
  ResponseEntity<String> measurementsCsv(@PathVariable long id) {
    runs.find(id).orElseThrow(() -> notFound(id));
    Csv csv =
        new Csv(
            "benchmark",
            "task",
            "metric",
            "unit",
            "value",
            "stddev",
            "jvms",
            "previous_value",
            "previous_run_id",
            "change");
    for (RunMeasurement m : series.measurementsOfRun(id)) {
      csv.row(
          m.series().benchmark(),
          m.series().task(),
          m.series().metric(),
          m.series().unit(),
          m.value(),
          m.stddev(),
          m.jvms(),
          m.previousValue(),
          m.previousRunId(),
          m.change());
    }
    return csv.download("run-" + id + ".csv");
  }

  @GetMapping("/{id}/log")
  @Operation(summary = "The run's log lines after line number `from` (0 for all)")
  List<String> log(@PathVariable long id, @RequestParam(defaultValue = "0") int from) {
    runs.find(id).orElseThrow(() -> notFound(id));
    return runs.log(id, QueryParameters.notNegative("from", from));
  }

  @GetMapping("/{id}/changes")
  @Operation(
      summary =
          "The commits since the previous measured commit of the run's machine, profile and"
              + " corpus, newest first; previousCommitSha null and no commits when there is none")
  RunChanges changes(@PathVariable long id) {
    return runs.changes(id).orElseThrow(() -> notFound(id));
  }

  @GetMapping(value = "/{id}/changes.csv", produces = "text/csv")
  @Operation(summary = "The same commits as CSV")
  ResponseEntity<String> changesCsv(@PathVariable long id) {
    Csv csv = new Csv("sha", "author", "date", "subject");
    for (RunChange c : runs.changes(id).orElseThrow(() -> notFound(id)).commits()) {
      csv.row(c.sha(), c.author(), c.date(), c.subject());
    }
    return csv.download("run-" + id + "-commits.csv");
  }

  @GetMapping("/{id}/query-changes")
  @Operation(
      summary =
          "Queries whose hit count or top documents differ from the previous run of the same"
              + " series: the run page's behaviour changes")
  List<RunInsights.QueryChange> queryChanges(@PathVariable long id) {
    return runs.insights(id).orElseThrow(() -> notFound(id)).changedQueries();
  }

  @GetMapping(value = "/{id}/query-changes.csv", produces = "text/csv")
  @Operation(summary = "The same as CSV")
  ResponseEntity<String> queryChangesCsv(@PathVariable long id) {
    Csv csv = new Csv("category", "query_no", "query", "previous_hits", "hits", "top_changed");
    for (RunInsights.QueryChange q : queryChanges(id)) {
      csv.row(q.category(), q.queryNo(), q.query(), q.previousHits(), q.hits(), q.topChanged());
    }
    return csv.download("run-" + id + "-query-changes.csv");
  }

  @GetMapping("/{id}/insights")
  @Operation(
      summary =
          "Notes, machine state, calibration and the disturbed verdict, queries whose hits or top"
              + " documents changed since the previous run of the same series, and the run's"
              + " curves (without rows)")
  RunInsights insights(@PathVariable long id) {
    return runs.insights(id).orElseThrow(() -> notFound(id));
  }

  @GetMapping(value = "/{id}/curves/{position}", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "The rows of one curve of the run: a JSON array of [x, y1, y2, ...]")
  String curve(@PathVariable long id, @PathVariable int position) {
    return runs.curveRows(id, position)
        .orElseThrow(() -> new NotFoundException("No curve " + position + " in run " + id));
  }

  @GetMapping(value = "/{id}/curves/{position}.csv", produces = "text/csv")
  @Operation(summary = "The rows of one curve of the run as CSV, headed by its x and labels")
  ResponseEntity<String> curveCsv(@PathVariable long id, @PathVariable int position) {
    RunInsights.CurveInfo info =
        runs.insights(id).orElseThrow(() -> notFound(id)).curves().stream()
            .filter(c -> c.position() == position)
            .findFirst()
            .orElseThrow(() -> new NotFoundException("No curve " + position + " in run " + id));
    List<String> header = new ArrayList<>();
    header.add(info.xLabel());
    header.addAll(info.labels());
    Csv csv = new Csv(header.toArray(String[]::new));
    for (JsonNode row : json.readTree(curve(id, position))) {
      List<Object> fields = new ArrayList<>();
      row.forEach(value -> fields.add(value.isNull() ? null : value.asString()));
      csv.row(fields.toArray());
    }
    return csv.download(
        "run-" + id + "-" + info.benchmark() + "-" + info.task() + "-" + info.name() + ".csv");
  }

  @GetMapping("/progress")
  @Operation(summary = "Counts of runs by state and the run in progress")
  RunProgress progress() {
    return runs.progress();
  }

  @PostMapping
  @Operation(
      summary = "Queue a run, e.g. {\"luceneSpec\": \"maven:9.12.3\", \"machine\": \"bench-1\"}",
      description =
          "machine: a label listed at /api/machines (default: this instance's own); an unknown"
              + " label is a 400. A run queued for a label no live worker serves is accepted and"
              + " carries a warning saying so.")
  ResponseEntity<Run> enqueue(@RequestBody NewRun request, Principal user) {
    Run run =
        runs.enqueue(
            request.luceneSpec(),
            request.machine(),
            request.profile(),
            request.corpus(),
            "manual",
            user.getName());
    return ResponseEntity.created(URI.create("/api/runs/" + run.id())).body(run);
  }

  @PostMapping("/{id}/cancel")
  @Operation(
      summary =
          "Cancel a run: a queued one at once, a running one within a second or two"
              + " (its JVMs are killed, its log kept); 409 when it has already ended")
  Run cancel(@PathVariable long id) {
    try {
      return runs.cancel(id);
    } catch (IllegalStateException e) {
      throw new ResponseStatusException(HttpStatus.CONFLICT, e.getMessage());
    }
  }

  /** The body of a run request; machine, profile and corpus default to the runner's settings. */
  record NewRun(String luceneSpec, String machine, String profile, String corpus) {}

  private static NotFoundException notFound(long id) {
    return new NotFoundException("No run " + id);
  }
}
