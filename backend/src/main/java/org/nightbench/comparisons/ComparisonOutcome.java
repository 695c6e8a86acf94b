package org.nightbench.comparisons;

import java.util.List;
import org.nightbench.harness.StepResult;

/**
 * What the sides of a comparison measured, before it is judged and stored.
 *
 * @param mismatches one line per query whose hit count or top documents differ between the sides
 * @param baselineRecordings the baseline's steps that recorded JFR, each named by its benchmark;
 *     empty when the plan asked for none
 * @param candidateRecordings the same of the candidate
 */
record ComparisonOutcome(
    String baselineVersion,
    String candidateVersion,
    String jdk,
    List<Samples> samples,
    List<String> mismatches,
    List<StepResult> baselineRecordings,
    List<StepResult> candidateRecordings) {

  /** One metric of one task, one value per JVM on each side, in the order the JVMs ran. */
  record Samples(
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter,
      double[] baseline,
      double[] candidate) {}

  ComparisonOutcome(
      String baselineVersion,
      String candidateVersion,
      String jdk,
      List<Samples> samples,
      List<String> mismatches) {
    this(baselineVersion, candidateVersion, jdk, samples, mismatches, List.of(), List.of());
  }
}
