package org.nightbench.protocol;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.nightbench.protocol.result.Metric;

/**
 * Every benchmark Nightbench runs: the {@code DEFINITION} of each spec record on the class path
 * ({@link SpecTypes}), in the order a nightly run and a comparison run them. A new benchmark is its
 * spec file with its definition, its benchmark class in the harness and its profile values; nothing
 * here names it. docs/reference/add-a-benchmark.md walks through it.
 *
 * <p>Code that means one benchmark names its definition where it is written ({@code
 * SearchSpec.DEFINITION}) or looks it up by name ({@link #named}): there is no second name here.
 */
public final class Benchmarks {

  /** The name of the static field of a spec record that holds its benchmark's definition. */
  public static final String DEFINITION_FIELD = "DEFINITION";

  private static volatile List<BenchmarkDefinition> all;

  private Benchmarks() {}

  /** Every benchmark, in the order a nightly run and a comparison run them. */
  public static List<BenchmarkDefinition> all() {
    List<BenchmarkDefinition> found = all;
    if (found == null) {
      found = discover();
      all = found;
    }
    return found;
  }

  /** The benchmarks a comparison can run, in the order it runs them. */
  public static List<BenchmarkDefinition> comparable() {
    return all().stream().filter(BenchmarkDefinition::comparable).toList();
  }

  /** The benchmark {@code name} names; empty for none. */
  public static Optional<BenchmarkDefinition> named(String name) {
    return all().stream().filter(b -> b.name().equals(name)).findFirst();
  }

  /** The benchmark that {@code spec}'s record measures; empty for a step that is no benchmark. */
  public static Optional<BenchmarkDefinition> of(Class<? extends StepSpec> spec) {
    return all().stream().filter(b -> b.spec() == spec).findFirst();
  }

  /**
   * The benchmark whose series carry {@code series} as their benchmark name; the first when two
   * share it (PK lookups with the id postings in RAM are PK lookups). Empty for none.
   */
  public static Optional<BenchmarkDefinition> ofSeries(String series) {
    return all().stream().filter(b -> b.series().equals(series)).findFirst();
  }

  /**
   * How the benchmarks whose series carry {@code series} declare their metric {@code metric}: its
   * unit and direction. Empty when no definition has that series name or none declares the metric.
   */
  public static Optional<MetricDefinition> declared(String series, String metric) {
    return all().stream()
        .filter(b -> b.series().equals(series))
        .flatMap(b -> b.declared(metric).stream())
        .findFirst();
  }

  /**
   * The unit and direction {@code metric}'s series is judged by: its benchmark's declaration,
   * whatever the result file says. Figures filed under a name no definition has (the control
   * revision's, {@code control}) carry the declaration of the metric they were copied from, looked
   * up when they were filed, and are taken as they are.
   *
   * @throws IllegalArgumentException when {@code metric} is of a benchmark whose definition does
   *     not declare it: stored or compared, it would be judged by a direction nobody wrote down
   */
  public static MetricDefinition declarationOf(Metric metric) {
    if (ofSeries(metric.benchmark()).isEmpty()) {
      return new MetricDefinition(metric.name(), metric.unit(), metric.higherIsBetter());
    }
    return declared(metric.benchmark(), metric.name())
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "metric "
                        + metric.benchmark()
                        + "/"
                        + metric.task()
                        + "/"
                        + metric.name()
                        + " is not declared by its benchmark's definition"));
  }

  private static List<BenchmarkDefinition> discover() {
    List<BenchmarkDefinition> found = new ArrayList<>();
    for (Class<? extends StepSpec> record : SpecTypes.all().values()) {
      definitionOf(record).ifPresent(found::add);
    }
    found.sort(Comparator.comparingInt(BenchmarkDefinition::order));
    Set<String> names = new HashSet<>();
    Map<String, MetricDefinition> metrics = new HashMap<>();
    for (BenchmarkDefinition definition : found) {
      if (!names.add(definition.name())) {
        throw new IllegalStateException("two benchmarks are named " + definition.name());
      }
      // Benchmarks sharing a series name share its series: one unit and direction per metric.
      for (MetricDefinition metric : definition.metrics()) {
        MetricDefinition other =
            metrics.putIfAbsent(definition.series() + "/" + metric.name(), metric);
        if (other != null && !other.equals(metric)) {
          throw new IllegalStateException(
              definition.name()
                  + " declares "
                  + metric
                  + " where another benchmark of series "
                  + definition.series()
                  + " declares "
                  + other);
        }
      }
    }
    return List.copyOf(found);
  }

  /** The record's {@code public static final BenchmarkDefinition DEFINITION}; empty for none. */
  private static Optional<BenchmarkDefinition> definitionOf(Class<? extends StepSpec> record) {
    try {
      Field field = record.getField(DEFINITION_FIELD);
      if (!Modifier.isStatic(field.getModifiers())
          || field.getType() != BenchmarkDefinition.class) {
        return Optional.empty();
      }
      BenchmarkDefinition definition = (BenchmarkDefinition) field.get(null);
      if (definition.spec() != record) {
        throw new IllegalStateException(
            record.getName() + "'s definition names another spec: " + definition.spec());
      }
      return Optional.of(definition);
    } catch (NoSuchFieldException e) {
      return Optional.empty();
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + record.getName() + "." + DEFINITION_FIELD);
    }
  }
}
