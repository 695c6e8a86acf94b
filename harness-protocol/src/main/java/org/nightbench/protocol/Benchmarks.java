package org.nightbench.protocol;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every benchmark Nightbench runs: the {@code DEFINITION} of each spec record on the class path
 * ({@link SpecTypes}), in the order a nightly run and a comparison run them. A new benchmark is its
 * spec file with its definition, its benchmark class in the harness and its profile values; nothing
 * here names it. docs/reference/add-a-benchmark.md walks through it.
 *
 * <p>The constants below are the definitions the backend and the harness name in code, kept so
 * their callers read as before; a new benchmark is not added here.
 */
public final class Benchmarks {

  /** The name of the static field of a spec record that holds its benchmark's definition. */
  public static final String DEFINITION_FIELD = "DEFINITION";

  public static final BenchmarkDefinition INDEXING = IndexSpec.DEFINITION;
  public static final BenchmarkDefinition SEARCH = SearchSpec.DEFINITION;
  public static final BenchmarkDefinition PK_LOOKUP = PkLookupSpec.DEFINITION;
  public static final BenchmarkDefinition FACET_TIMINGS = FacetTimingsSpec.DEFINITION;
  public static final BenchmarkDefinition NRT = NrtSpec.DEFINITION;
  public static final BenchmarkDefinition LOAD = LoadSpec.DEFINITION;
  public static final BenchmarkDefinition PK_POSTINGS = PkPostingsSpec.DEFINITION;
  public static final BenchmarkDefinition CHECK_INDEX = CheckIndexSpec.DEFINITION;
  public static final BenchmarkDefinition COLD_SEARCH = ColdSearchSpec.DEFINITION;
  public static final BenchmarkDefinition STORED_FIELDS = StoredFieldsSpec.DEFINITION;
  public static final BenchmarkDefinition KNN = KnnSpec.DEFINITION;
  public static final BenchmarkDefinition VECTOR_INDEXING = VectorIndexingSpec.DEFINITION;
  public static final BenchmarkDefinition CALIBRATION = CalibrateSpec.DEFINITION;
  public static final BenchmarkDefinition EMBEDDING = EmbedSpec.DEFINITION;

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

  private static List<BenchmarkDefinition> discover() {
    List<BenchmarkDefinition> found = new ArrayList<>();
    for (Class<? extends StepSpec> record : SpecTypes.all().values()) {
      definitionOf(record).ifPresent(found::add);
    }
    found.sort(Comparator.comparingInt(BenchmarkDefinition::order));
    Set<String> names = new HashSet<>();
    for (BenchmarkDefinition definition : found) {
      if (!names.add(definition.name())) {
        throw new IllegalStateException("two benchmarks are named " + definition.name());
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
