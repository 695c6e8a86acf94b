package org.nightbench.ingest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.StepSettings;
import org.nightbench.jfr.JfrRecorder;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.MetricDefinition;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns the result files of one run (or, points only, of many runs) into series points, all in one
 * transaction: a run's measurements appear all at once or not at all. It never changes a run's
 * state; the caller ends the run in the same transaction.
 */
@Service
public class ResultIngester {

  private final MeasurementWriter measurements;
  private final JsonMapper json;
  private final RunArtifacts artifacts;
  private final JfrRecorder jfr;

  ResultIngester(
      MeasurementWriter measurements, JsonMapper json, RunArtifacts artifacts, JfrRecorder jfr) {
    this.measurements = measurements;
    this.json = json;
    this.artifacts = artifacts;
    this.jfr = jfr;
  }

  /**
   * Ingests every metric of every JVM: the same (benchmark, task, metric) measured by several JVMs
   * becomes one point, their mean, with ±1σ (sample standard deviation) over the JVMs, and every
   * JVM's value kept. The result files themselves, their curves and the search queries' hits are
   * stored with the run. Joins the caller's transaction, so the caller's own writes (the run's end)
   * commit with the points or not at all.
   *
   * @return what was stored, and what the run's row should record about it
   * @throws IllegalArgumentException when a result file is unusable: nothing of it is stored
   */
  @Transactional
  public Ingested ingest(RunContext context, List<StepResult> steps) {
    List<HarnessResult> results = steps.stream().map(StepResult::result).toList();
    Map<Key, Samples> grouped = group(results, steps.stream().map(StepResult::settings).toList());
    MeasurementWriter.Batch batch = measurements.batch();
    List<Long> seriesIds = addPoints(batch, context, grouped);
    batch.finish();
    artifacts.store(context.runId(), steps);
    List<String> notes =
        new ArrayList<>(results.stream().flatMap(r -> r.notes().stream()).distinct().toList());
    // The JFR samples of the steps that recorded them, summarised in the same transaction.
    notes.addAll(jfr.record(context.runId(), JfrRecorder.NO_SIDE, steps));
    return new Ingested(grouped.size(), seriesIds, notes, environmentJson(context, results));
  }

  /**
   * Ingests the points of many runs at once, each grouped and checked as {@link #ingest} does, with
   * each series looked up once and the points sent in large COPYs: for a history of thousands of
   * runs (a generated one). Stores points only: no result files, curves or query answers, and no
   * run's environment. The runs are taken from {@code runs} one at a time, so a long history need
   * not be in memory at once. Joins the caller's transaction.
   *
   * @throws IllegalArgumentException naming the run when its results are unusable: nothing is
   *     stored
   */
  @Transactional
  public IngestedPoints ingestPoints(Iterable<RunResults> runs) {
    MeasurementWriter.Batch batch = measurements.batch();
    for (RunResults run : runs) {
      Map<Key, Samples> grouped;
      try {
        grouped = group(run.results(), Collections.nCopies(run.results().size(), null));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "run " + run.context().runId() + ": " + e.getMessage(), e);
      }
      addPoints(batch, run.context(), grouped);
    }
    long points = batch.finish();
    return new IngestedPoints(points, batch.seriesIds());
  }

  /**
   * Deletes every series of {@code machine} with its points, annotations and change points: for a
   * machine whose history is written again from scratch.
   *
   * @return how many series were deleted
   */
  @Transactional
  public int deleteSeriesOf(String machine) {
    return measurements.deleteMachine(machine);
  }

  /** One point per (benchmark, task, metric) of a run; returns their series, in that order. */
  private static List<Long> addPoints(
      MeasurementWriter.Batch batch, RunContext context, Map<Key, Samples> grouped) {
    List<Long> seriesIds = new ArrayList<>(grouped.size());
    for (Map.Entry<Key, Samples> entry : grouped.entrySet()) {
      Key key = entry.getKey();
      Samples samples = entry.getValue();
      SeriesIdentity identity =
          new SeriesIdentity(
              key.benchmark(),
              key.task(),
              key.metric(),
              context.machine(),
              context.jdk(),
              context.corpus(),
              context.profile());
      long seriesId = batch.series(identity, samples.unit, samples.higherIsBetter);
      seriesIds.add(seriesId);
      double[] values = samples.values.stream().mapToDouble(Double::doubleValue).toArray();
      batch.add(seriesId, context.runId(), context.x(), values, samples.settings);
    }
    return seriesIds;
  }

  /**
   * The runs' metrics by (benchmark, task, metric); each point takes the settings of the first step
   * that measured it ({@code settings}, parallel to {@code results}, null where unknown): the JVMs
   * of one benchmark differ at most in their seeds, which are the same every night.
   */
  private static Map<Key, Samples> group(List<HarnessResult> results, List<StepSettings> settings) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("the run produced no result files");
    }
    Map<Key, Samples> grouped = new LinkedHashMap<>();
    for (int jvm = 0; jvm < results.size(); jvm++) {
      HarnessResult result = results.get(jvm);
      if (result.schemaVersion() != HarnessResult.SCHEMA_VERSION) {
        throw new IllegalArgumentException(
            "result file "
                + (jvm + 1)
                + " has schema version "
                + result.schemaVersion()
                + ", expected "
                + HarnessResult.SCHEMA_VERSION);
      }
      // A step that its release cannot run (a missing optional artifact, format or feature)
      // measures nothing and says why in a note: the run keeps the rest. Silence is what's wrong.
      if (result.metrics().isEmpty() && result.notes().isEmpty()) {
        throw new IllegalArgumentException(
            "result file "
                + (jvm + 1)
                + " ("
                + result.command()
                + ") has no metrics and no note saying why");
      }
      for (Metric metric : result.metrics()) {
        Key key = new Key(metric.benchmark(), metric.task(), metric.name());
        if (!Double.isFinite(metric.value())) {
          throw new IllegalArgumentException(
              "metric " + key + " of result file " + (jvm + 1) + " is " + metric.value());
        }
        MetricDefinition declared = declaration(metric, jvm);
        Samples samples =
            grouped.computeIfAbsent(
                key, k -> new Samples(declared.unit(), declared.higherIsBetter()));
        samples.values.add(metric.value());
        if (samples.settings == null) {
          samples.settings = settings.get(jvm);
        }
      }
    }
    return grouped;
  }

  /** {@code metric}'s declaration ({@link Benchmarks#declarationOf}), naming the file when none. */
  private static MetricDefinition declaration(Metric metric, int jvm) {
    try {
      return Benchmarks.declarationOf(metric);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("result file " + (jvm + 1) + ": " + e.getMessage(), e);
    }
  }

  private String environmentJson(RunContext context, List<HarnessResult> results) {
    Map<String, Object> environment = new LinkedHashMap<>(context.facts());
    HarnessResult first = results.get(0);
    // The calibration JVM runs without Lucene and comes first; any Lucene step knows the revision.
    environment.put(
        "lucene",
        results.stream()
            .map(HarnessResult::lucene)
            .filter(lucene -> lucene != null)
            .findFirst()
            .orElse(null));
    environment.put("machine", first.environment());
    return json.writeValueAsString(environment);
  }

  private record Key(String benchmark, String task, String metric) {
    @Override
    public String toString() {
      return benchmark + "/" + task + "/" + metric;
    }
  }

  private static final class Samples {
    final String unit;
    final boolean higherIsBetter;
    final List<Double> values = new ArrayList<>();
    StepSettings settings;

    Samples(String unit, boolean higherIsBetter) {
      this.unit = unit;
      this.higherIsBetter = higherIsBetter;
    }
  }
}
