/**
 * Ad-hoc A/B comparisons of two Lucene revisions (each with its own settings): how they are asked
 * for, stored and read, how they are executed ({@code ComparisonExecutor}: both sides resolved and
 * indexed, then their JVMs interleaved benchmark by benchmark), and the statistics that judge them
 * ({@code statistics}). Their model lives here: a run's {@code ComparisonPlan} (sides, JVMs,
 * benchmarks) and {@code ComparisonOutcome} (the samples). The worker reaches them only through the
 * {@link org.nightbench.worker.ComparisonRuns} port, which {@code ComparisonService} implements;
 * they use what the worker lends them (log, cancellation, work directory, harness steps) through
 * it.
 */
package org.nightbench.comparisons;
