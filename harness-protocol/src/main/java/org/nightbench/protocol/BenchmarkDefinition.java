package org.nightbench.protocol;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.nightbench.protocol.result.Metric;

/**
 * One benchmark, written once, in the file of its spec record as its {@code DEFINITION}: every
 * place that lists benchmarks (the nightly and interleaved plans, the harness's dispatch, the page
 * groups, the comparison form, the catalogue of requests) reads it from {@link Benchmarks#all()},
 * which finds the definitions on the class path.
 *
 * @param name how requests, comparisons, bisects, the comparison form and a profile's section name
 *     it, e.g. {@code cold-search} ({@code nightbench.runner.profiles.nightly.cold-search.queries})
 * @param spec its spec record: its settings, their defaults and checks
 * @param benchmarkClass the harness class that measures it (fully qualified), found by name in the
 *     forked JVM, so this module needs nothing of the harness
 * @param order where it runs in a nightly run and a comparison, smallest first; indexing (0) comes
 *     before everything that reads the index
 * @param inputs what its step reads that the run or an earlier step provides; the run fills the
 *     spec's components of those names ({@link Input#component()})
 * @param comparable whether an A/B comparison (and so a bisect probe) can run it on both sides
 * @param series the benchmark name its series carry in the database, e.g. {@code coldCache}; never
 *     renamed, as stored series are found by it
 * @param group the key of the page group its series are shown in, e.g. {@code coldcache}; null when
 *     the group follows each series' task (search: by luceneutil's query category)
 * @param groupTitle the page group's heading, e.g. {@code Search on a cold page cache}
 * @param label what the comparison form says beside its checkbox
 * @param metrics every quantity its result files report, with its unit and direction: the series'
 *     unit and whether a rise is a regression come from here, and a result reporting a metric not
 *     declared here is refused at ingestion
 */
public record BenchmarkDefinition(
    String name,
    Class<? extends StepSpec> spec,
    String benchmarkClass,
    int order,
    Set<Input> inputs,
    boolean comparable,
    String series,
    String group,
    String groupTitle,
    String label,
    List<MetricDefinition> metrics) {

  public BenchmarkDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(series, "series");
    inputs = inputs.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(inputs));
    if (group != null && (groupTitle == null || groupTitle.isBlank())) {
      throw new IllegalArgumentException(name + ": a page group needs its heading");
    }
    label = label == null ? name : label;
    metrics = List.copyOf(metrics);
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException(name + ": a benchmark declares the metrics it reports");
    }
    Set<String> names = new HashSet<>();
    for (MetricDefinition metric : metrics) {
      if (!names.add(metric.name())) {
        throw new IllegalArgumentException(name + ": metric " + metric.name() + " declared twice");
      }
    }
  }

  /** The declaration of its metric {@code metric}; empty when it reports no such metric. */
  public Optional<MetricDefinition> declared(String metric) {
    return metrics.stream().filter(m -> m.name().equals(metric)).findFirst();
  }

  /**
   * A measured value of its metric {@code metric} for a result file, under its series' name with
   * the declared unit and direction, so a benchmark class writes neither.
   *
   * @throws IllegalArgumentException when this benchmark declares no such metric
   */
  public Metric measured(String task, String metric, double value, Map<String, Object> detail) {
    MetricDefinition declared =
        declared(metric)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        name + " declares no metric " + metric + " (its definition's metrics)"));
    return new Metric(
        series, task, metric, declared.unit(), declared.higherIsBetter(), value, detail);
  }

  /** The name of its spec record in a spec file, e.g. {@code pk-lookup}. */
  public String specType() {
    return SpecTypes.nameOf(spec);
  }
}
