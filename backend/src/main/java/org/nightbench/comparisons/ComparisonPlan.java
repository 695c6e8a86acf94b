package org.nightbench.comparisons;

import java.util.List;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.protocol.SearchSpec;

/**
 * What a comparison run measures: both sides, how many JVMs each gets per benchmark, which
 * benchmarks run (by name, of {@link BenchmarkCatalogue#COMPARABLE}), which search task categories
 * (empty for all) and whether both sides record JFR.
 */
public record ComparisonPlan(
    ComparisonPlan.Side baseline,
    ComparisonPlan.Side candidate,
    int jvms,
    List<String> benchmarks,
    List<String> categories,
    boolean jfr) {

  /**
   * One side: a Lucene revision, the extra JVM flags it runs with, how its search JVMs read the
   * index ({@code default}, {@code mmap} or {@code nio}) and how its index is written.
   *
   * @param storedFields {@code speed} or {@code compression}; null for the codec's default
   * @param postingsFormat the postings format of every field by its SPI name; null for the codec's
   */
  public record Side(
      String luceneSpec,
      List<String> jvmArgs,
      String directory,
      String storedFields,
      String postingsFormat) {

    public Side(String luceneSpec, List<String> jvmArgs, String directory) {
      this(luceneSpec, jvmArgs, directory, null, null);
    }
  }

  public ComparisonPlan(Side baseline, Side candidate, int jvms) {
    this(baseline, candidate, jvms, List.of(SearchSpec.DEFINITION.name()), List.of(), false);
  }

  public ComparisonPlan(
      Side baseline, Side candidate, int jvms, List<String> benchmarks, List<String> categories) {
    this(baseline, candidate, jvms, benchmarks, categories, false);
  }

  public boolean runs(String benchmark) {
    return benchmarks.contains(benchmark);
  }
}
