package org.nightbench.protocol;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every benchmark Nightbench runs, in the order a nightly run and a comparison run them. A new
 * benchmark is one more definition here with its spec record, its benchmark class in the harness
 * (named here, instantiated by the harness) and its profile values, plus the switch cases the
 * compiler then asks for; docs/reference/add-a-benchmark.md walks through it.
 */
public final class Benchmarks {

  private Benchmarks() {}

  public static final BenchmarkDefinition INDEXING =
      new BenchmarkDefinition(
          "indexing",
          StepType.INDEX,
          Set.of(Input.CORPUS),
          true,
          "indexing",
          "indexing",
          "indexing",
          "org.nightbench.benchjobs.indexing.IndexingBenchmark");
  public static final BenchmarkDefinition SEARCH =
      new BenchmarkDefinition(
          "search",
          StepType.SEARCH,
          Set.of(Input.INDEX, Input.TASKS),
          true,
          "search",
          null,
          "search",
          "org.nightbench.benchjobs.search.SearchBenchmark");
  public static final BenchmarkDefinition PK_LOOKUP =
      new BenchmarkDefinition(
          "pk-lookup",
          StepType.PK_LOOKUP,
          Set.of(Input.INDEX),
          true,
          "pk",
          "pk",
          "PK lookups",
          "org.nightbench.benchjobs.pk.PkLookupBenchmark");
  public static final BenchmarkDefinition FACET_TIMINGS =
      new BenchmarkDefinition(
          "facet-timings",
          StepType.FACET_TIMINGS,
          Set.of(Input.INDEX),
          true,
          "facets",
          "facets",
          "facet timings",
          "org.nightbench.benchjobs.facets.FacetTimings");
  public static final BenchmarkDefinition NRT =
      new BenchmarkDefinition(
          "nrt",
          StepType.NRT,
          Set.of(Input.INDEX, Input.TASKS, Input.CORPUS),
          true,
          "nrt",
          "nrt",
          "NRT reopen",
          "org.nightbench.benchjobs.nrt.NrtBenchmark");
  public static final BenchmarkDefinition LOAD =
      new BenchmarkDefinition(
          "load",
          StepType.LOAD,
          Set.of(Input.INDEX, Input.TASKS),
          true,
          "load",
          "load",
          "response time under load",
          "org.nightbench.benchjobs.load.LoadSweep");
  public static final BenchmarkDefinition PK_POSTINGS =
      new BenchmarkDefinition(
          "pk-postings",
          StepType.PK_POSTINGS,
          Set.of(Input.INDEX),
          true,
          "pk",
          "pk",
          "PK lookups, id postings in RAM",
          "org.nightbench.benchjobs.pk.PkPostingsBenchmark");
  public static final BenchmarkDefinition CHECK_INDEX =
      new BenchmarkDefinition(
          "check-index",
          StepType.CHECK_INDEX,
          Set.of(Input.INDEX),
          true,
          "checkIndex",
          "checkindex",
          "CheckIndex",
          "org.nightbench.benchjobs.checkindex.CheckIndexTiming");
  public static final BenchmarkDefinition COLD_SEARCH =
      new BenchmarkDefinition(
          "cold-search",
          StepType.COLD_SEARCH,
          Set.of(Input.INDEX, Input.TASKS),
          true,
          "coldCache",
          "coldcache",
          "cold page cache search",
          "org.nightbench.benchjobs.coldcache.ColdCacheSearch");
  public static final BenchmarkDefinition STORED_FIELDS =
      new BenchmarkDefinition(
          "stored-fields",
          StepType.STORED_FIELDS,
          Set.of(Input.CORPUS),
          true,
          "storedFields",
          "storedfields",
          "stored fields",
          "org.nightbench.benchjobs.storedfields.StoredFieldsBenchmark");
  public static final BenchmarkDefinition KNN =
      new BenchmarkDefinition(
          "knn",
          StepType.KNN,
          Set.of(Input.VECTORS),
          true,
          "knn",
          "vector",
          "vector search (KNN recall and latency)",
          "org.nightbench.benchjobs.vectors.KnnBenchmark");
  public static final BenchmarkDefinition VECTOR_INDEXING =
      new BenchmarkDefinition(
          "vector-indexing",
          StepType.VECTOR_INDEXING,
          Set.of(Input.CORPUS, Input.VECTORS),
          true,
          "vectorIndexing",
          "vectorindexing",
          "indexing with vectors (float32, int8)",
          "org.nightbench.benchjobs.vectorindexing.VectorIndexingBenchmark");
  public static final BenchmarkDefinition CALIBRATION =
      new BenchmarkDefinition(
          "calibration",
          StepType.CALIBRATE,
          Set.of(),
          false,
          "calibration",
          "calibration",
          "machine calibration",
          "org.nightbench.benchjobs.calibration.Calibration");

  /** The corpus embedded for vector search: a preparation that also reports its speed. */
  public static final BenchmarkDefinition EMBEDDING =
      new BenchmarkDefinition(
          "embedding",
          StepType.EMBED,
          Set.of(Input.CORPUS),
          false,
          "embedding",
          "vector",
          "embedding",
          "org.nightbench.benchjobs.vectors.Embedding");

  /** Every benchmark, in the order a nightly run and a comparison run them. */
  public static final List<BenchmarkDefinition> ALL =
      List.of(
          INDEXING,
          SEARCH,
          PK_LOOKUP,
          FACET_TIMINGS,
          NRT,
          LOAD,
          PK_POSTINGS,
          CHECK_INDEX,
          COLD_SEARCH,
          STORED_FIELDS,
          KNN,
          VECTOR_INDEXING,
          CALIBRATION,
          EMBEDDING);

  /** The benchmarks a comparison can run, in the order it runs them. */
  public static List<BenchmarkDefinition> comparable() {
    return ALL.stream().filter(BenchmarkDefinition::comparable).toList();
  }

  /** The benchmark {@code name} names; empty for none. */
  public static Optional<BenchmarkDefinition> named(String name) {
    return ALL.stream().filter(b -> b.name().equals(name)).findFirst();
  }

  /**
   * The benchmark whose series carry {@code series} as their benchmark name; the first when two
   * share it (PK lookups with the id postings in RAM are PK lookups). Empty for none.
   */
  public static Optional<BenchmarkDefinition> ofSeries(String series) {
    return ALL.stream().filter(b -> b.series().equals(series)).findFirst();
  }
}
