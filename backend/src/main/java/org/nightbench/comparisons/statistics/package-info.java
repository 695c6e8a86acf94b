/**
 * The statistics of an ad-hoc before/after comparison as pure code: no Spring, no database, no I/O.
 * {@link org.nightbench.comparisons.statistics.Comparison#compare} takes one sample per task and
 * side (one figure per JVM or repetition, e.g. QPS) and returns, per task, mean ± σ on each side,
 * the relative difference with a 95 % confidence interval, a p-value (Welch's t-test, or the
 * Mann–Whitney U test where a side has outliers), a Benjamini–Hochberg q-value over all tasks and a
 * verdict; {@link org.nightbench.comparisons.statistics.LuceneutilTable} prints them in
 * luceneutil's layout.
 *
 * <p>What it can and cannot tell: with 3 JVMs per side Welch's test has about 2-4 degrees of
 * freedom, so a difference must be several standard deviations wide to reach p &lt; 0.001, and with
 * fifty tasks Benjamini–Hochberg asks the smallest p-value to be at most 0.05 / 50 = 0.001 before
 * anything is called a difference: only large effects (roughly ten times the per-JVM noise, in
 * relative terms) come out as faster or slower. That is the honest result of three JVMs, not a
 * defect; ten JVMs per side find a difference of about twice the noise. The benchmark {@code
 * ComparisonHonesty} ({@code scripts/comparison-honesty.sh}) prints these figures.
 */
package org.nightbench.comparisons.statistics;
