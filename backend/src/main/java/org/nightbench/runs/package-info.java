/**
 * Runs: the queue of Lucene revisions to benchmark, the worker that takes them one at a time, the
 * steps of one run, its state transitions, and the run pages and API. It owns a run's life from
 * queued to ended: its completion step ({@link org.nightbench.runs.RunCompletion}) has {@code
 * ingest} store the results and ends the run in the same transaction. It may use the worker's tools
 * ({@code harness}, {@code lucene}, {@code jdk}, {@code corpus}, {@code machine}), {@code ingest},
 * {@code series}, {@code jobs}, {@code database} and {@code web}; comparisons plug in through the
 * {@link org.nightbench.runs.ComparisonRuns} port, and no package that reads stored results depends
 * on it.
 */
package org.nightbench.runs;
