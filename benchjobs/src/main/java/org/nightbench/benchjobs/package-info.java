/**
 * The benchmark harness run in a forked JVM: {@link org.nightbench.benchjobs.Harness} reads one
 * spec (a spec file, or a hand-typed command line) and hands it to the {@code runner}, which runs
 * the benchmark class its definition names and writes the result file for the backend.
 */
package org.nightbench.benchjobs;
