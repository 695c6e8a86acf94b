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
   * One side: a Lucene revision, the extra JVM flags it runs with and how its search JVMs read the
   * index ({@code default}, {@code mmap} or {@code nio}).
   */
  record Side(String luceneSpec, List<String> jvmArgs, String directory) {}

  /** Both sides and how many search JVMs each gets. */
  record Plan(Side baseline, Side candidate, int jvms) {}

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
