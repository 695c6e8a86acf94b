/**
 * Runs: the queue of Lucene revisions to benchmark, the worker that takes them one at a time, the
 * steps of one run (resolving, forking harness JVMs, guarded steps, work directories), and the run
 * pages and API. A run that is an A/B comparison is handed to the {@link
 * org.nightbench.runs.ComparisonRuns} port, implemented in comparisons: runs never depends on the
 * comparisons package, which executes its comparisons itself with what the worker lends it.
 */
package org.nightbench.runs;
