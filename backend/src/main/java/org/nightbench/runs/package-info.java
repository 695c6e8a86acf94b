/**
 * Runs: the queue of Lucene revisions to benchmark, the worker that takes them one at a time, the
 * steps of one run (resolving, forking harness JVMs, guarded steps, work directories), its state
 * transitions, and the run pages and API. It owns a run's life from queued to ended: its completion
 * step ({@link org.nightbench.runs.RunCompletion}) has {@code ingest} store the results and ends
 * the run in the same transaction. Runs measured elsewhere (a generated history's nights) are
 * stored as ended by {@link org.nightbench.runs.RunRepository#insertSucceeded}. It may use the
 * worker's tools ({@code harness}, {@code lucene}, {@code jdk}, {@code corpus}, {@code machine}),
 * {@code ingest}, {@code series}, {@code jobs}, {@code database} and {@code web}. A run that is an
 * A/B comparison is handed to the {@link org.nightbench.runs.ComparisonRuns} port, implemented in
 * comparisons: runs never depends on the comparisons package, which executes its comparisons itself
 * with what the worker lends it; no package that reads stored results depends on runs.
 */
package org.nightbench.runs;
