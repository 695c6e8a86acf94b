package org.nightbench.runs;

import java.util.List;
import java.util.Optional;

/**
 * What the worker needs to know of comparisons, implemented where comparisons live: which runs are
 * A/B comparisons and what their sides are, and where their samples go once measured.
 */
public interface ComparisonRuns {

  /** The plan of a comparison run; empty for an ordinary run. */
  Optional<Plan> plan(long runId);

  /** Stores what the comparison measured; called in the worker's thread when all JVMs are done. */
  void finish(long runId, Outcome outcome);

  /**
   * One side: a Lucene revision, the extra JVM flags it runs with, how its search JVMs read the
   * index ({@code default}, {@code mmap} or {@code nio}) and how its index is written.
   *
   * @param storedFields {@code speed} or {@code compression}; null for the codec's default
   * @param postingsFormat the postings format of every field by its SPI name; null for the codec's
   */
  record Side(
      String luceneSpec,
      List<String> jvmArgs,
      String directory,
      String storedFields,
      String postingsFormat) {

    public Side(String luceneSpec, List<String> jvmArgs, String directory) {
      this(luceneSpec, jvmArgs, directory, null, null);
    }
  }

  /**
   * Both sides, how many JVMs each gets per benchmark, which benchmarks run ({@link #SEARCH},
   * {@link #PK_LOOKUP}, {@link #INDEXING}, {@link #NRT}, {@link #LOAD}) and which search task
   * categories (empty for all).
   */
  record Plan(
      Side baseline, Side candidate, int jvms, List<String> benchmarks, List<String> categories) {

    public Plan(Side baseline, Side candidate, int jvms) {
      this(baseline, candidate, jvms, List.of(SEARCH), List.of());
    }

    public boolean runs(String benchmark) {
      return benchmarks.contains(benchmark);
    }
  }

  String SEARCH = "search";
  String PK_LOOKUP = "pk-lookup";
  String INDEXING = "indexing";
  String NRT = "nrt";
  String LOAD = "load";

  /** Every benchmark a comparison can run, in the order it runs them. */
  List<String> BENCHMARKS = List.of(INDEXING, SEARCH, PK_LOOKUP, NRT, LOAD);

  /** One metric of one task, one value per JVM on each side, in the order the JVMs ran. */
  record Samples(
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter,
      double[] baseline,
      double[] candidate) {}

  /**
   * What the sides measured.
   *
   * @param mismatches one line per query whose hit count or top documents differ between the sides
   */
  record Outcome(
      String baselineVersion,
      String candidateVersion,
      String jdk,
      List<Samples> samples,
      List<String> mismatches) {}
}
