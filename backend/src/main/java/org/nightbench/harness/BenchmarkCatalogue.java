package org.nightbench.harness;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.Input;
import org.nightbench.protocol.KnnSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.VectorIndexingSpec;

/**
 * Every benchmark Nightbench runs ({@link Benchmarks#all()}, the contract's definitions) with what
 * only the backend knows of it: whether a profile holds its settings. The API checks names against
 * these, the database does not.
 */
public final class BenchmarkCatalogue {

  private BenchmarkCatalogue() {}

  /**
   * One benchmark.
   *
   * @param definition its definition: name, step, inputs, series, group
   * @param configured whether a profile has its settings; every profile can run it when null
   * @param missing what a profile without them lacks, as a request's error names it
   */
  public record Benchmark(
      BenchmarkDefinition definition, Predicate<BenchmarkProfile> configured, String missing) {

    /** How requests name it, e.g. {@code pk-lookup}. */
    public String name() {
      return definition.name();
    }

    /** The spec record of its step. */
    public Class<? extends StepSpec> spec() {
      return definition.spec();
    }

    /** What its step reads beyond its settings. */
    public Set<Input> inputs() {
      return definition.inputs();
    }

    /** The benchmark name of the series it yields, e.g. {@code pk}. */
    public String series() {
      return definition.series();
    }

    /** Whether a comparison can run it on both sides. */
    public boolean comparable() {
      return definition.comparable();
    }

    /** Whether {@code profile} can run it. */
    public boolean runsOn(BenchmarkProfile profile) {
      return configured == null || configured.test(profile);
    }
  }

  /** Every benchmark, in the order a comparison runs them. */
  public static final List<Benchmark> ALL =
      Benchmarks.all().stream().map(BenchmarkCatalogue::entry).toList();

  /** The names of the benchmarks a comparison can run, in the order it runs them. */
  public static final List<String> COMPARABLE =
      ALL.stream().filter(Benchmark::comparable).map(Benchmark::name).toList();

  /**
   * Which of a profile's sections a benchmark needs: its own section ({@link
   * BenchmarkProfile#section}), but for indexing, search and CheckIndex, which every profile can
   * run at the records' defaults, NRT, whose section is a list, and the two that read the embedded
   * vectors, which the {@code knn} section sizes.
   */
  private static Benchmark entry(BenchmarkDefinition definition) {
    Predicate<BenchmarkProfile> knn = p -> p.section(KnnSpec.class).isPresent();
    Map<BenchmarkDefinition, Benchmark> own =
        Map.ofEntries(
            Map.entry(IndexSpec.DEFINITION, new Benchmark(IndexSpec.DEFINITION, null, null)),
            Map.entry(SearchSpec.DEFINITION, new Benchmark(SearchSpec.DEFINITION, null, null)),
            Map.entry(
                CheckIndexSpec.DEFINITION, new Benchmark(CheckIndexSpec.DEFINITION, null, null)),
            Map.entry(
                NrtSpec.DEFINITION,
                new Benchmark(NrtSpec.DEFINITION, p -> !p.nrt().isEmpty(), "NRT variants")),
            Map.entry(
                EmbedSpec.DEFINITION, new Benchmark(EmbedSpec.DEFINITION, knn, "knn settings")),
            Map.entry(
                VectorIndexingSpec.DEFINITION,
                new Benchmark(
                    VectorIndexingSpec.DEFINITION,
                    knn.and(p -> p.section(VectorIndexingSpec.class).isPresent()),
                    "vector-indexing settings (and knn's, which embed the documents)")));
    return own.getOrDefault(
        definition,
        new Benchmark(
            definition, p -> p.section(definition).isPresent(), definition.name() + " settings"));
  }

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
