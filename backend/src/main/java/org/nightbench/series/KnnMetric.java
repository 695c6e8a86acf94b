package org.nightbench.series;

import java.util.Arrays;
import java.util.Optional;

/**
 * The KNN metrics the KNN page draws, in its order, as the harness's KNN step names them: per
 * search (format and fanout) or per format. luceneutil's {@code knnResults.html} shows the same:
 * recall, latency, CPU, index time and size.
 */
enum KnnMetric {
  RECALL("recall", "Recall", true),
  LATENCY_MEAN("latencyMeanMs", "Mean latency per query", true),
  LATENCY_P99("latencyP99Ms", "p99 latency per query", true),
  CPU("cpuMs", "CPU per query", true),
  VISITED("visitedNodes", "Graph nodes visited per query", true),
  INDEX_TIME("indexSeconds", "Index time", false),
  FORCE_MERGE_TIME("forceMergeSeconds", "Force-merge time", false),
  INDEX_SIZE("indexMB", "Index size", false),
  VECTOR_RAM("vectorRamMB", "Vector data a search reads", false);

  private final String metric;
  private final String title;
  private final boolean perFanout;

  KnnMetric(String metric, String title, boolean perFanout) {
    this.metric = metric;
    this.title = title;
    this.perFanout = perFanout;
  }

  /** The metric's name in the series table, e.g. {@code latencyMeanMs}. */
  String metric() {
    return metric;
  }

  String title() {
    return title;
  }

  /** Measured per fanout (a search), else once per format (its index). */
  boolean perFanout() {
    return perFanout;
  }

  static Optional<KnnMetric> of(String metric) {
    return Arrays.stream(values()).filter(m -> m.metric.equals(metric)).findFirst();
  }
}
