/**
 * The one runner shape every step of the harness goes through: a {@link
 * org.nightbench.benchjobs.runner.Benchmark} measures once and reports; the {@link
 * org.nightbench.benchjobs.runner.BenchmarkRunner} finds its class from the benchmark's definition,
 * brackets the measurement with the JVM's GC and JIT bookkeeping and writes the result file.
 */
package org.nightbench.benchjobs.runner;
