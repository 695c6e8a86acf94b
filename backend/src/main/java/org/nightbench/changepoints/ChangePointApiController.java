package org.nightbench.changepoints;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.security.Principal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.nightbench.changepoints.detection.ChangePointDetector;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectionInputs;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.detection.NightEvidence;
import org.nightbench.changepoints.detection.NightlyReplay;
import org.nightbench.changepoints.detection.NightlyStep;
import org.nightbench.changepoints.detection.SuspectedChange;
import org.nightbench.web.Csv;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Alerts (detected change points) and their triage, as JSON and CSV. */
@RestController
@RequestMapping(path = "/api/change-points", produces = "application/json")
@Tag(name = "Change points", description = "Detected steps in series and their triage")
class ChangePointApiController {

  /** One triage applied to several alerts, e.g. all of one commit range. */
  record BulkTriage(
      List<Long> ids, String state, String assignee, String note, Long annotationId) {}

  /** How many alerts a bulk triage changed. */
  record Triaged(int updated) {}

  /**
   * Numbers to look for steps in, with their ±1σ if known, and optionally what an editor knows:
   * indices to ignore, indices where an expected change starts, the smallest step to report.
   */
  record DetectRequest(
      double[] values,
      double[] stddevs,
      Set<Integer> excluded,
      Set<Integer> knownBoundaries,
      Double minRelativeChange) {

    DetectionInputs inputs() {
      return new DetectionInputs(
          indices("excluded", excluded),
          indices("knownBoundaries", knownBoundaries),
          minRelativeChange == null ? Double.NaN : minRelativeChange);
    }

    static Set<Integer> indices(String what, Set<Integer> indices) {
      if (indices == null) {
        return Set.of();
      }
      if (indices.contains(null)) {
        throw new IllegalArgumentException(what + " holds a null: send indices such as [3, 17]");
      }
      return indices;
    }
  }

  /** What the detector found, each change point at the index where the new level starts. */
  record DetectResponse(int points, List<DetectedChange> changePoints) {}

  /**
   * A series to replay night by night: its values, or each night's samples (one per JVM; the night
   * is their mean with their standard deviation, as ingestion stores it), and what an editor knows.
   */
  record ReplayRequest(
      double[] values,
      double[][] samples,
      Set<Integer> excluded,
      Set<Integer> knownBoundaries,
      Double minRelativeChange,
      Set<Integer> machineNights,
      Map<Integer, Double> machineMoves) {

    /**
     * The nights whose run's evidence put the run down to the machine, those of {@code
     * machineMoves} among them: none unless sent.
     */
    Set<Integer> machine() {
      Set<Integer> machine = new HashSet<>(DetectRequest.indices("machineNights", machineNights));
      if (machineMoves != null) {
        machine.addAll(DetectRequest.indices("machineMoves", machineMoves.keySet()));
      }
      return machine;
    }

    /**
     * What the nights tell besides their means: the JVMs' robust centres and spreads where samples
     * were sent, the machine's moves where sent; null for neither.
     */
    NightEvidence nights(int length) {
      if (samples == null && machineMoves == null) {
        return null;
      }
      return NightEvidence.of(samples, machineMoves, length);
    }

    DetectRequest series() {
      if ((values == null) == (samples == null)) {
        throw new IllegalArgumentException(
            "send either values ([1.0, 2.0, ...]) or samples ([[1.0, 1.1], [2.0, 2.1], ...])");
      }
      int nights = values != null ? values.length : samples.length;
      if (nights > MAX_REPLAY_NIGHTS) {
        throw new IllegalArgumentException(
            "too many nights: " + nights + ", at most " + MAX_REPLAY_NIGHTS);
      }
      if (values != null) {
        return new DetectRequest(values, null, excluded, knownBoundaries, minRelativeChange);
      }
      double[] means = new double[nights];
      double[] stddevs = new double[nights];
      for (int i = 0; i < nights; i++) {
        double[] night = samples[i];
        if (night == null || night.length == 0) {
          throw new IllegalArgumentException("samples[" + i + "] is empty: one value per JVM");
        }
        if (night.length > MAX_SAMPLES) {
          throw new IllegalArgumentException(
              "samples[" + i + "] has " + night.length + " values, at most " + MAX_SAMPLES);
        }
        for (int j = 0; j < night.length; j++) {
          if (!Double.isFinite(night[j])) {
            throw new IllegalArgumentException("samples[" + i + "][" + j + "] is " + night[j]);
          }
        }
        means[i] = Mean.of(night).getAsDouble();
        stddevs[i] = night.length > 1 ? StandardDeviation.of(night).getAsDouble() : Double.NaN;
      }
      return new DetectRequest(means, stddevs, excluded, knownBoundaries, minRelativeChange);
    }
  }

  /**
   * One thing a replayed night changed: {@code stage} is suspected, confirmed or withdrawn; {@code
   * kind} step or drift; {@code index} where the new level starts (a drift's first night); the
   * evidence of the suspicion or of the detector; for a drift, {@code drift} in words.
   */
  record ReplayedEvent(
      int night,
      String stage,
      int index,
      Integer movedFrom,
      String reason,
      DetectedChange confirmed,
      SuspectedChange suspected,
      String kind,
      String drift) {

    static ReplayedEvent of(NightlyReplay.Event e) {
      DetectedChange.Drift drift = e.confirmed() == null ? null : e.confirmed().drift();
      return new ReplayedEvent(
          e.night(),
          e.stage().stored(),
          e.index(),
          e.movedFrom(),
          e.reason(),
          e.confirmed(),
          e.suspected(),
          drift == null ? "step" : "drift",
          drift == null
              ? null
              : DriftText.of(
                  drift.last() - e.confirmed().index() + 1, drift.relativeSlopePerNight()));
    }
  }

  /**
   * A change point the replayed series ends with: a step, or a drift from {@code index} to {@code
   * last} (null for a step).
   */
  record ReplayedChange(int index, String stage, double relativeChange, String kind, Integer last) {

    static ReplayedChange of(NightlyStep.Known k) {
      boolean drift = k.last() >= 0;
      return new ReplayedChange(
          k.index(),
          k.stage().stored(),
          k.relativeChange(),
          drift ? "drift" : "step",
          drift ? k.last() : null);
    }
  }

  /** Night by night what the app would do, and the change points the series ends with. */
  record ReplayResponse(
      int nights, List<ReplayedEvent> events, List<ReplayedChange> changePoints) {}

  /**
   * Each replayed night runs the nightly check on the series so far (about a millisecond a night),
   * so fewer nights than the detector takes at once: eight years.
   */
  static final int MAX_REPLAY_NIGHTS = 3_000;

  /** More JVMs a night than any profile runs. */
  static final int MAX_SAMPLES = 1_000;

  /**
   * Fifteen years of nights with room to spare, and a bound on what an anonymous caller can make
   * the detector do (10,000 adversarial values take tens of milliseconds: {@code
   * scripts/detector-worst-case.sh}). The body itself is capped before parsing by {@code
   * nightbench.web.max-body-size}.
   */
  static final int MAX_VALUES = 10_000;

  private final ChangePointService changePoints;
  private final ChangePointDetector detector = new ChangePointDetector(DetectorSettings.defaults());
  private final NightlyReplay replay =
      new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));

  ChangePointApiController(ChangePointService changePoints) {
    this.changePoints = changePoints;
  }

  @PostMapping("/detect")
  @Operation(
      summary = "Run the change-point detector on your own numbers",
      description =
          "Body {\"values\": [...], \"stddevs\": [...] (optional, one per value), \"excluded\":"
              + " [indices to ignore], \"knownBoundaries\": [indices where an expected change"
              + " starts], \"minRelativeChange\": 0.03 (the last three optional)}; stores nothing,"
              + " so anyone may call it. Answers the index where each new level starts, the means"
              + " before and after, the relative change, the p-value, the effect in noise σ, the"
              + " noise σ and its serial correlation.")
  DetectResponse detect(@RequestBody DetectRequest request) {
    if (request == null || request.values() == null) {
      throw new IllegalArgumentException("no values: send {\"values\": [1.0, 2.0, ...]}");
    }
    if (request.values().length > MAX_VALUES) {
      throw new IllegalArgumentException(
          "too many values: " + request.values().length + ", at most " + MAX_VALUES);
    }
    return new DetectResponse(
        request.values().length,
        detector.detect(request.values(), request.stddevs(), request.inputs()));
  }

  @PostMapping("/replay")
  @Operation(
      summary = "Replay your own series night by night as the app judges it",
      description =
          "Body {\"values\": [...]} or {\"samples\": [[one value per JVM], ...]}, with the"
              + " optional \"excluded\", \"knownBoundaries\" and \"minRelativeChange\" of"
              + " /detect, and \"machineNights\": the nights whose run the machine moved as a"
              + " whole (its control revision, or most of its series), whose spells of up to 4"
              + " nights each night leaves out of the history once a later night is not one of"
              + " them, and \"machineMoves\" ({\"41\": -0.06}: such a night with the machine's"
              + " relative move, the run's median, in the series' sign), net of which a series"
              + " that moved beyond it is judged; stores nothing, so anyone may call it. With"
              + " samples, the newest nights are judged on their JVMs' robust centre (a wild JVM"
              + " moves the mean, not the centre). Each night from the second on"
              + " runs the code ingestion runs after a night on the series so far. Answers the"
              + " events (the night that decided, suspected, confirmed or withdrawn, where the new"
              + " level starts, a confirmation's movedFrom, a withdrawal's reason, and the"
              + " evidence) and the change points the series ends with. At most "
              + MAX_REPLAY_NIGHTS
              + " nights.")
  ReplayResponse replay(@RequestBody ReplayRequest request) {
    if (request == null) {
      throw new IllegalArgumentException("no body: send {\"values\": [1.0, 2.0, ...]}");
    }
    DetectRequest series = request.series();
    double[] values = series.values();
    DetectionInputs inputs = series.inputs();
    Set<Integer> machine = request.machine();
    NightlyReplay.Result result =
        replay.replay(values, series.stddevs(), request.nights(values.length), inputs, machine);
    return new ReplayResponse(
        values.length,
        result.events().stream().map(ReplayedEvent::of).toList(),
        result.changePoints().stream().map(ReplayedChange::of).toList());
  }

  @GetMapping
  @Operation(
      summary = "Alerts, newest first",
      description =
          "state (repeatable; default untriaged and investigating), stage (repeatable:"
              + " suspected, confirmed, withdrawn; default suspected and confirmed), direction"
              + " (regression or improvement), benchmark, machine, minChange (least |relative"
              + " change|, 0.05 = 5 %), limit (default 500). A suspected change point is one whose"
              + " newest nights lie beyond the noise of the recent history, before the detector"
              + " has the 7 nights to place it; it is confirmed (same id, triage kept) or"
              + " withdrawn later.")
  List<Alert> list(
      @RequestParam(required = false) List<String> state,
      @RequestParam(required = false) List<String> stage,
      @RequestParam(required = false) String direction,
      @RequestParam(required = false) String benchmark,
      @RequestParam(required = false) String machine,
      @RequestParam(required = false) Double minChange,
      @RequestParam(defaultValue = "500") int limit) {
    return changePoints.alerts(
        AlertsPageController.filter(state, stage, direction, benchmark, machine, minChange, limit));
  }

  @GetMapping(value = "/alerts.csv", produces = "text/csv")
  @Operation(summary = "The same as CSV")
  ResponseEntity<String> listCsv(
      @RequestParam(required = false) List<String> state,
      @RequestParam(required = false) List<String> stage,
      @RequestParam(required = false) String direction,
      @RequestParam(required = false) String benchmark,
      @RequestParam(required = false) String machine,
      @RequestParam(required = false) Double minChange,
      @RequestParam(defaultValue = "500") int limit) {
    Csv csv =
        new Csv(
            "id",
            "series_id",
            "benchmark",
            "task",
            "metric",
            "unit",
            "machine",
            "run_id",
            "previous_run_id",
            "previous_commit",
            "commit",
            "x",
            "mean_before",
            "mean_after",
            "relative_change",
            "p_value",
            "effect_sigma",
            "noise_sigma",
            "serial_correlation",
            "direction",
            "stage",
            "state",
            "assignee",
            "note",
            "annotation_id",
            "updated_by",
            "updated_at");
    for (Alert a : list(state, stage, direction, benchmark, machine, minChange, limit)) {
      csv.row(
          a.id(),
          a.seriesId(),
          a.benchmark(),
          a.task(),
          a.metric(),
          a.unit(),
          a.machine(),
          a.runId(),
          a.previousRunId(),
          a.previousCommitSha(),
          a.commitSha(),
          a.x(),
          a.meanBefore(),
          a.meanAfter(),
          a.relativeChange(),
          a.pValue(),
          a.effectSigma(),
          a.noiseSigma(),
          a.serialCorrelation(),
          a.direction(),
          a.stage(),
          a.state(),
          a.assignee(),
          a.note(),
          a.annotationId(),
          a.updatedBy(),
          a.updatedAt());
    }
    return csv.download("alerts.csv");
  }

  @GetMapping("/{id}")
  @Operation(summary = "One alert")
  Alert get(@PathVariable long id) {
    return changePoints.alert(id);
  }

  @PatchMapping("/{id}")
  @Operation(
      summary = "Triage one alert",
      description =
          "Any of state, assignee, note (empty clears), annotationId; who and when are recorded")
  Alert triage(@PathVariable long id, @RequestBody Triage triage, Principal user) {
    changePoints.triage(List.of(id), triage, user.getName());
    return changePoints.alert(id);
  }

  @PostMapping("/triage")
  @Operation(summary = "Triage several alerts at once, all or none")
  Triaged triageAll(@RequestBody BulkTriage bulk, Principal user) {
    return new Triaged(
        changePoints.triage(
            bulk.ids(),
            new Triage(bulk.state(), bulk.assignee(), bulk.note(), bulk.annotationId()),
            user.getName()));
  }
}
