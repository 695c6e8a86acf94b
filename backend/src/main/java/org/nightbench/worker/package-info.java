/**
 * The worker: takes its machine's runs from the queue one at a time and executes them — prepares a
 * run (resolves the revision, JDK and corpus, records its commit and changes, notes the machine),
 * has the harness fork its benchmark JVMs ({@code harness.plan.NightlyBenchmarks}), and completes
 * it ({@link org.nightbench.worker.RunCompletion}: {@code ingest} stores the results and the run
 * ends in one transaction). It also owns what keeps that safe: cancellation and timeouts ({@code
 * RunWatch}, {@code GuardedStep}), a database outage ({@code DatabaseRetry}), dead workers' runs
 * and the work directories. A run that is an A/B comparison goes through the {@link
 * org.nightbench.worker.ComparisonRuns} port, implemented in {@code comparisons}; the worker never
 * depends on that package. It may use {@code runs}, {@code harness}, {@code lucene}, {@code jdk},
 * {@code corpus}, {@code machine}, {@code ingest}, {@code jobs} and {@code database}; nothing
 * depends on it but {@code comparisons} (the port and the guarded step).
 */
package org.nightbench.worker;
