/**
 * Ad-hoc A/B comparisons of two Lucene revisions (each with its own settings): how they are asked
 * for, stored and read, and the statistics that judge them ({@code statistics}). The worker runs
 * them as runs of their own kind (see {@code org.nightbench.runs.ComparisonExecutor}).
 */
package org.nightbench.comparisons;
