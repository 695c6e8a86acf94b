package org.nightbench.benchjobs.search;

/**
 * What one task answers, checked once outside the timed loop so that two JVMs (or two Lucene
 * versions) can be compared for returning the same results.
 *
 * @param hits matching documents (suggestions for Respell, keys found for PKLookup)
 * @param topHash hex SHA-1 of the top results, independent of doc ids where the index allows
 */
public record Outcome(long hits, String topHash) {}
