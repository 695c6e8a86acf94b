package org.nightbench.comparisons;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.MetricDefinition;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;

/** What a comparison's sides measured, paired: samples per metric and queries that disagree. */
final class ComparisonSamples {

  private ComparisonSamples() {}

  /** Every (benchmark, task, metric) both sides measured, one value per JVM. */
  static List<ComparisonOutcome.Samples> samples(
      List<HarnessResult> baseline, List<HarnessResult> candidate) {
    Map<String, List<Metric>> a = byKey(baseline);
    Map<String, List<Metric>> b = byKey(candidate);
    List<ComparisonOutcome.Samples> samples = new ArrayList<>();
    for (Map.Entry<String, List<Metric>> entry : a.entrySet()) {
      List<Metric> other = b.get(entry.getKey());
      if (other == null) {
        continue;
      }
      Metric first = entry.getValue().get(0);
      MetricDefinition declared = Benchmarks.declarationOf(first);
      samples.add(
          new ComparisonOutcome.Samples(
              first.benchmark(),
              first.task(),
              first.name(),
              declared.unit(),
              declared.higherIsBetter(),
              entry.getValue().stream().mapToDouble(Metric::value).toArray(),
              other.stream().mapToDouble(Metric::value).toArray()));
    }
    return samples;
  }

  private static Map<String, List<Metric>> byKey(List<HarnessResult> results) {
    Map<String, List<Metric>> byKey = new LinkedHashMap<>();
    for (HarnessResult result : results) {
      for (Metric metric : result.metrics()) {
        byKey
            .computeIfAbsent(
                metric.benchmark() + "\u0000" + metric.task() + "\u0000" + metric.name(),
                key -> new ArrayList<>())
            .add(metric);
      }
    }
    return byKey;
  }

  /**
   * Queries whose hit count or top documents differ between the sides' first JVMs: the same tasks
   * over the same corpus, so a difference is a change of behaviour, not of speed.
   */
  static List<String> mismatches(HarnessResult baseline, HarnessResult candidate) {
    Map<String, Map<?, ?>> before = queries(baseline);
    List<String> mismatches = new ArrayList<>();
    for (Map.Entry<String, Map<?, ?>> entry : queries(candidate).entrySet()) {
      Map<?, ?> was = before.get(entry.getKey());
      Map<?, ?> now = entry.getValue();
      if (was == null) {
        continue;
      }
      boolean hits =
          !Objects.equals(String.valueOf(was.get("hits")), String.valueOf(now.get("hits")));
      boolean top =
          !Objects.equals(String.valueOf(was.get("topHash")), String.valueOf(now.get("topHash")));
      if (hits || top) {
        mismatches.add(
            entry.getKey()
                + ": "
                + (hits ? "hits " + was.get("hits") + " → " + now.get("hits") : "")
                + (hits && top ? ", " : "")
                + (top ? "top documents differ" : ""));
      }
    }
    return mismatches;
  }

  private static Map<String, Map<?, ?>> queries(HarnessResult result) {
    Map<String, Map<?, ?>> queries = new LinkedHashMap<>();
    for (Metric metric : result.metrics()) {
      if (metric.detail() != null && metric.detail().get("perQuery") instanceof List<?> perQuery) {
        for (Object item : perQuery) {
          if (item instanceof Map<?, ?> query && query.get("query") != null) {
            queries.putIfAbsent(metric.task() + " " + query.get("query"), query);
          }
        }
      }
    }
    return queries;
  }
}
