/**
 * A fixed, Lucene-independent workload timed before and after every run: when its score moves, the
 * machine moved, not Lucene.
 */
package org.nightbench.benchjobs.calibration;
