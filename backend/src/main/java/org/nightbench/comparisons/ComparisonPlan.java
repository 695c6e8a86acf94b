package org.nightbench.comparisons;

import java.util.List;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.protocol.Benchmarks;

/**
 * What a comparison run measures: both sides, how many JVMs each gets per benchmark, which
 * benchmarks run ({@link #BENCHMARKS}), which search task categories (empty for all) and whether
 * both sides record JFR.
 */
public record ComparisonPlan(
    ComparisonPlan.Side baseline,
    ComparisonPlan.Side candidate,
    int jvms,
    List<String> benchmarks,
    List<String> categories,
    boolean jfr) {

  public static final String SEARCH = Benchmarks.SEARCH.name();
  public static final String PK_LOOKUP = Benchmarks.PK_LOOKUP.name();
  public static final String INDEXING = Benchmarks.INDEXING.name();
  public static final String NRT = Benchmarks.NRT.name();
  public static final String LOAD = Benchmarks.LOAD.name();
  public static final String PK_POSTINGS = Benchmarks.PK_POSTINGS.name();
  public static final String CHECK_INDEX = Benchmarks.CHECK_INDEX.name();
  public static final String COLD_SEARCH = Benchmarks.COLD_SEARCH.name();
  public static final String STORED_FIELDS = Benchmarks.STORED_FIELDS.name();
  public static final String FACET_TIMINGS = Benchmarks.FACET_TIMINGS.name();
  public static final String KNN = Benchmarks.KNN.name();

  /** Every benchmark a comparison can run, in the order it runs them: the catalogue's. */
  public static final List<String> BENCHMARKS = BenchmarkCatalogue.COMPARABLE;

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
    this(baseline, candidate, jvms, List.of(SEARCH), List.of(), false);
  }

  public ComparisonPlan(
      Side baseline, Side candidate, int jvms, List<String> benchmarks, List<String> categories) {
    this(baseline, candidate, jvms, benchmarks, categories, false);
  }

  public boolean runs(String benchmark) {
    return benchmarks.contains(benchmark);
  }
}
