/**
 * The morning digest (issue 28): what a run changed against the previous comparable run of its
 * machine, JDK, corpus and profile (previous in the series' own order, {@link
 * org.nightbench.series.SeriesOrder}), judged series by series from the per-JVM samples with the
 * comparisons' tests ({@link org.nightbench.statistics.Comparison}: Welch or Mann–Whitney, then
 * Benjamini–Hochberg across the run); the series that went silent and the steps that stopped
 * measuring; and the same between any two comparable runs. Prepared once detection has looked at
 * the run's points ({@link org.nightbench.series.digest.DigestAfterIngest}) and kept in {@code
 * run_digest}, so the overview reads it rather than computes it.
 */
package org.nightbench.series.digest;
