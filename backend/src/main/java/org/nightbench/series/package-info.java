/**
 * Benchmark series and their points: read from the database once, served both as JSON under {@code
 * /api/series} and as the pages {@code /}, {@code /series/{id}} and {@code /knn} (every vector
 * format on shared charts, laid out by {@link org.nightbench.series.KnnPage}). {@link
 * org.nightbench.series.TaskGroup} is the one owner of how series are grouped (as Lucene's nightly
 * pages group their charts); {@code SummarySnapshots} keeps the overview's summaries per version of
 * the data, so the overview's cost does not grow with the number of series a reader does not see.
 */
package org.nightbench.series;
