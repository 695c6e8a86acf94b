/**
 * The statistics of a before/after comparison as pure code: no Spring, no database, no I/O. Shared
 * by the A/B comparisons, the bisect's probes and the morning digest (a run against the previous
 * comparable run), which is why it sits below all of them rather than inside {@code comparisons}.
 * {@link org.nightbench.statistics.Comparison#compare} takes one sample per task and side (one
 * figure per JVM or repetition, e.g. QPS) and returns, per task, mean ± σ on each side, the
 * relative difference with a 95 % confidence interval, a p-value (Welch's t-test, or the
 * Mann–Whitney U test where a side has outliers), a Benjamini–Hochberg q-value over all tasks and a
 * verdict; {@link org.nightbench.statistics.LuceneutilTable} prints them in luceneutil's layout.
 *
 * <p>What it can and cannot tell: with 3 JVMs per side Welch's test has 2-4 degrees of freedom, and
 * with fifty tasks Benjamini–Hochberg asks the smallest p-value to be at most 0.05 / 50 = 0.001
 * before anything is called a difference. So with 3 JVMs only a task that moves by about ten times
 * its per-JVM noise is reliably called faster or slower (a 20 % move at 2 % noise is found 88 % of
 * the time, a 10 % move a quarter of the time), with 5 JVMs five times (10 % at 2 %: 99 %), with 10
 * JVMs two and a half times (5 % at 2 %: 98 %), and 20 JVMs find a move the size of the noise half
 * the time. That is the honest result of few JVMs, not a defect. In exchange, an A/A comparison of
 * fifty tasks says "no difference" on every task in at least 95 % of comparisons. {@code
 * ComparisonHonesty} ({@code scripts/comparison-honesty.sh}) measures these figures.
 */
package org.nightbench.statistics;
