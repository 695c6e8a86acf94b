package org.nightbench.protocol;

import java.util.Objects;

/**
 * One quantity a benchmark reports, declared in its {@link BenchmarkDefinition}: the backend stores
 * a series' unit and direction from here, so whether a move is a regression is written once, beside
 * the benchmark, and not by each result file or a table of the backend's.
 *
 * @param name the metric's name in result files and series, e.g. {@code qps}; never renamed, as
 *     stored series are found by it
 * @param unit a human unit for axes and tables, e.g. {@code queries/s}
 * @param higherIsBetter whether a rise is an improvement (throughput) or a regression (a time)
 */
public record MetricDefinition(String name, String unit, boolean higherIsBetter) {

  public MetricDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
  }

  /** A metric whose rise is an improvement: a rate, a score. */
  public static MetricDefinition higherIsBetter(String name, String unit) {
    return new MetricDefinition(name, unit, true);
  }

  /** A metric whose rise is a regression: a time, a size. */
  public static MetricDefinition lowerIsBetter(String name, String unit) {
    return new MetricDefinition(name, unit, false);
  }
}
