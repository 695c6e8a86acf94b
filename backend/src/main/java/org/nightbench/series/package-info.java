/**
 * Benchmark series and their points: read from the database once, served both as JSON under {@code
 * /api/series} and as the pages {@code /} and {@code /series/{id}}.
 */
package org.nightbench.series;
