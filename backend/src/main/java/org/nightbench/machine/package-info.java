/**
 * The benchmark box itself: its state before each run (governor, turbo, kernel, load, memory), what
 * changed since the previous run of the same series, and whether the calibration workload says the
 * box, not Lucene, moved.
 */
package org.nightbench.machine;
