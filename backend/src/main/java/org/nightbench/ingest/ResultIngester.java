package org.nightbench.ingest;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.nightbench.benchjobs.result.HarnessResult;
import org.nightbench.benchjobs.result.Metric;
import org.nightbench.harness.StepResult;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns the result files of one run into series points, all in one transaction: a run's
 * measurements appear all at once or not at all. It never changes a run's state; the caller ends
 * the run in the same transaction.
 */
@Service
public class ResultIngester {

  private final JdbcClient jdbc;
  private final JsonMapper json;
  private final RunArtifacts artifacts;

  ResultIngester(JdbcClient jdbc, JsonMapper json, RunArtifacts artifacts) {
    this.jdbc = jdbc;
    this.json = json;
    this.artifacts = artifacts;
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
    Map<Key, Samples> grouped = group(results);
    List<Long> seriesIds = new ArrayList<>();
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
      long seriesId = upsertSeries(identity, samples.unit, samples.higherIsBetter);
      seriesIds.add(seriesId);
      double[] values = samples.values.stream().mapToDouble(Double::doubleValue).toArray();
      Double stddev = values.length > 1 ? StandardDeviation.of(values).getAsDouble() : null;
      jdbc.sql(
              "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                  + " values (:series, :run, :x, :value, :stddev, :samples)")
          .param("series", seriesId)
          .param("run", context.runId())
          .param("x", Timestamp.from(context.x()))
          .param("value", Mean.of(values).getAsDouble())
          .param("stddev", stddev)
          .param("samples", samples.values.toArray(Double[]::new))
          .update();
    }
    artifacts.store(context.runId(), steps);
    List<String> notes = results.stream().flatMap(r -> r.notes().stream()).distinct().toList();
    return new Ingested(grouped.size(), seriesIds, notes, environmentJson(context, results));
  }

  private static Map<Key, Samples> group(List<HarnessResult> results) {
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
      if (result.metrics().isEmpty()) {
        throw new IllegalArgumentException(
            "result file " + (jvm + 1) + " (" + result.command() + ") has no metrics");
      }
      for (Metric metric : result.metrics()) {
        Key key = new Key(metric.benchmark(), metric.task(), metric.name());
        if (!Double.isFinite(metric.value())) {
          throw new IllegalArgumentException(
              "metric " + key + " of result file " + (jvm + 1) + " is " + metric.value());
        }
        grouped
            .computeIfAbsent(key, k -> new Samples(metric.unit(), metric.higherIsBetter()))
            .values
            .add(metric.value());
      }
    }
    return grouped;
  }

  private long upsertSeries(SeriesIdentity identity, String unit, boolean higherIsBetter) {
    // "do update" (a no-op on the key) rather than "do nothing" so that RETURNING yields the id.
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (:fingerprint, :benchmark, :task,"
                + " :metric, :unit, :higher, :machine, :jdk, :corpus, :profile)"
                + " on conflict (fingerprint) do update set unit = excluded.unit returning id")
        .param("fingerprint", identity.fingerprint())
        .param("benchmark", identity.benchmark())
        .param("task", identity.task())
        .param("metric", identity.metric())
        .param("unit", unit)
        .param("higher", higherIsBetter)
        .param("machine", identity.machine())
        .param("jdk", identity.jdk())
        .param("corpus", identity.corpus())
        .param("profile", identity.profile())
        .query(Long.class)
        .single();
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

    Samples(String unit, boolean higherIsBetter) {
      this.unit = unit;
      this.higherIsBetter = higherIsBetter;
    }
  }
}
