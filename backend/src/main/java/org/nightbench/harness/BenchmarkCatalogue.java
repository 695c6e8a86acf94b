package org.nightbench.harness;

import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.ColdSearchSpec;
import org.nightbench.protocol.FacetTimingsSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.PkPostingsSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.StoredFieldsSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * Every benchmark Nightbench runs, an entry each: its name as requests, comparisons and bisects
 * spell it, the spec record of its step, what the step reads that the run or an earlier step
 * provides, the benchmark name its series carry, whether an A/B comparison (and so a bisect probe)
 * can run it, and whether a profile holds its settings. A new benchmark is one more entry; the API
 * checks names against these, the database does not.
 */
public final class BenchmarkCatalogue {

  private BenchmarkCatalogue() {}

  /** What a step reads that the run or an earlier step provides. */
  public enum Input {
    /** The line-docs corpus. */
    CORPUS,
    /** The index the first indexing variant builds. */
    INDEX,
    /** The task file, generated from the index or the profile's. */
    TASKS,
    /** The corpus's embedded vectors. */
    VECTORS
  }

  /**
   * One benchmark.
   *
   * @param name how requests name it, e.g. {@code pk-lookup}
   * @param spec the spec record of its step
   * @param inputs what its step reads beyond its settings
   * @param series the benchmark name of the series it yields, e.g. {@code pk}
   * @param comparable whether a comparison can run it on both sides
   * @param configured whether a profile has its settings; every profile can run it when null
   * @param missing what a profile without them lacks, as a request's error names it
   */
  public record Benchmark(
      String name,
      Class<? extends StepSpec> spec,
      Set<Input> inputs,
      String series,
      boolean comparable,
      Predicate<BenchmarkProfile> configured,
      String missing) {

    public Benchmark {
      inputs = inputs.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(inputs));
    }

    /** Whether {@code profile} can run it. */
    public boolean runsOn(BenchmarkProfile profile) {
      return configured == null || configured.test(profile);
    }
  }

  /** Every benchmark, in the order a comparison runs them. */
  public static final List<Benchmark> ALL =
      List.of(
          new Benchmark(
              "indexing", IndexSpec.class, Set.of(Input.CORPUS), "indexing", true, null, null),
          new Benchmark(
              "search",
              SearchSpec.class,
              Set.of(Input.INDEX, Input.TASKS),
              "search",
              true,
              null,
              null),
          new Benchmark(
              "pk-lookup",
              PkLookupSpec.class,
              Set.of(Input.INDEX),
              "pk",
              true,
              p -> p.pkLookups() != null,
              "PK lookup settings"),
          new Benchmark(
              "nrt",
              NrtSpec.class,
              Set.of(Input.INDEX, Input.TASKS, Input.CORPUS),
              "nrt",
              true,
              p -> !p.nrt().isEmpty(),
              "NRT variants"),
          new Benchmark(
              "load",
              LoadSpec.class,
              Set.of(Input.INDEX, Input.TASKS),
              "load",
              true,
              p -> p.load() != null,
              "load sweep settings"),
          new Benchmark(
              "pk-postings",
              PkPostingsSpec.class,
              Set.of(Input.INDEX),
              "pk",
              true,
              p -> p.measurements().pkPostings() != null,
              "pk-postings settings"),
          new Benchmark(
              "check-index",
              CheckIndexSpec.class,
              Set.of(Input.INDEX),
              "checkIndex",
              true,
              null,
              null),
          new Benchmark(
              "cold-search",
              ColdSearchSpec.class,
              Set.of(Input.INDEX, Input.TASKS),
              "coldCache",
              true,
              p -> p.measurements().coldSearch() != null,
              "cold-search settings"),
          new Benchmark(
              "stored-fields",
              StoredFieldsSpec.class,
              Set.of(Input.CORPUS),
              "storedFields",
              true,
              p -> p.measurements().storedFields() != null,
              "stored-fields settings"),
          new Benchmark(
              "facet-timings",
              FacetTimingsSpec.class,
              Set.of(Input.INDEX),
              "facets",
              true,
              p -> p.facetTimings() != null,
              "facet-timings settings"),
          new Benchmark(
              "knn",
              KnnSpec.class,
              Set.of(Input.VECTORS),
              "knn",
              true,
              p -> p.knn() != null,
              "knn settings"),
          new Benchmark(
              "vector-indexing",
              VectorIndexingSpec.class,
              Set.of(Input.CORPUS, Input.VECTORS),
              "vectorIndexing",
              true,
              p -> p.knn() != null && p.vectorIndexing() != null,
              "vector-indexing settings (and knn's, which embed the documents)"),
          new Benchmark(
              "calibration",
              CalibrateSpec.class,
              Set.of(),
              "calibration",
              false,
              p -> p.calibration() != null,
              "calibration settings"));

  /** The names of the benchmarks a comparison can run, in the order it runs them. */
  public static final List<String> COMPARABLE =
      ALL.stream().filter(Benchmark::comparable).map(Benchmark::name).toList();

  /**
   * The comparable benchmark {@code name} names.
   *
   * @throws IllegalArgumentException one line naming it and the known names
   */
  public static Benchmark comparable(String name) {
    String wanted = name == null ? null : name.strip();
    return ALL.stream()
        .filter(b -> b.comparable() && b.name().equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown benchmark " + wanted + ": use " + String.join(", ", COMPARABLE)));
  }

  /**
   * Checks that profile {@code profileName} can run every benchmark of {@code names}.
   *
   * @throws IllegalArgumentException one line naming the first it lacks the settings of
   */
  public static void checkProfile(
      String profileName, BenchmarkProfile profile, Collection<String> names) {
    for (Benchmark benchmark : ALL) {
      if (names.contains(benchmark.name()) && !benchmark.runsOn(profile)) {
        throw new IllegalArgumentException(
            "profile " + profileName + " has no " + benchmark.missing());
      }
    }
  }
}
