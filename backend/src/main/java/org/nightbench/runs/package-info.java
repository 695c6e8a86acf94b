/**
 * Runs: the queue of Lucene revisions to benchmark and a run's life in the database — requesting
 * and checking a run, its states and the transitions between them ({@link
 * org.nightbench.runs.RunTransition}), its log, history (commit, changes, findings, machine state,
 * calibration) and insights, and the run pages and API. It owns the table {@code run} and the job
 * engine's task name runs are queued under ({@link org.nightbench.runs.RunQueueTask}). It may use
 * {@code lucene} and {@code corpus} (to check what is asked for), {@code harness} (profiles),
 * {@code series} (to show a run's points) and {@code web}; it never depends on {@code worker},
 * which takes runs from this queue, nor on {@code comparisons}.
 */
package org.nightbench.runs;
