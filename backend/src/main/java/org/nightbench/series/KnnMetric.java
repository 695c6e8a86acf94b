package org.nightbench.series;

import java.util.Arrays;
import java.util.Optional;

/**
 * The KNN metrics the KNN page draws, in its order, as the harness's KNN step names them: per
 * search (format and fanout), per format, or per level of the searched HNSW graph. luceneutil's
 * {@code knnResults.html} shows the same: recall, latency, CPU, index time and size; and its {@code
 * KnnGraphTester -stronglyConnectedComponents} the graph's strongly connected components.
 */
enum KnnMetric {
  RECALL("recall", "Recall", Kind.SEARCH),
  LATENCY_MEAN("latencyMeanMs", "Mean latency per query", Kind.SEARCH),
  LATENCY_P99("latencyP99Ms", "p99 latency per query", Kind.SEARCH),
  CPU("cpuMs", "CPU per query", Kind.SEARCH),
  VISITED("visitedNodes", "Graph nodes visited per query", Kind.SEARCH),
  INDEX_TIME("indexSeconds", "Index time", Kind.FORMAT),
  FORCE_MERGE_TIME("forceMergeSeconds", "Force-merge time", Kind.FORMAT),
  INDEX_SIZE("indexMB", "Index size", Kind.FORMAT),
  VECTOR_RAM("vectorRamMB", "Vector data a search reads", Kind.FORMAT),
  COMPONENTS(
      "stronglyConnectedComponents", "Strongly connected components of the graph", Kind.LEVEL),
  OUTSIDE_LARGEST("outsideLargestComponentPct", "Nodes outside the largest component", Kind.LEVEL),
  LARGEST_1("largestComponent1", "Largest component", Kind.LEVEL),
  LARGEST_2("largestComponent2", "2nd largest component", Kind.LEVEL),
  LARGEST_3("largestComponent3", "3rd largest component", Kind.LEVEL),
  LARGEST_4("largestComponent4", "4th largest component", Kind.LEVEL),
  LARGEST_5("largestComponent5", "5th largest component", Kind.LEVEL);

  /** What one line of a metric's chart is. */
  enum Kind {
    /** A search of the merged index at one fanout: {@code <format>-fanout<n>}. */
    SEARCH,
    /** The format's index: {@code <format>}. */
    FORMAT,
    /** One level of the searched graph: {@code <format>-level<n>}. */
    LEVEL
  }

  private final String metric;
  private final String title;
  private final Kind kind;

  KnnMetric(String metric, String title, Kind kind) {
    this.metric = metric;
    this.title = title;
    this.kind = kind;
  }

  /** The metric's name in the series table, e.g. {@code latencyMeanMs}. */
  String metric() {
    return metric;
  }

  String title() {
    return title;
  }

  /** Measured per fanout (a search), per format (its index) or per graph level. */
  Kind kind() {
    return kind;
  }

  static Optional<KnnMetric> of(String metric) {
    return Arrays.stream(values()).filter(m -> m.metric.equals(metric)).findFirst();
  }
}
