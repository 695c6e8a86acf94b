package org.nightbench.benchjobs.taskgen;

/**
 * A query the generator may emit if it has hits.
 *
 * @param query task text
 * @param comment luceneutil-style {@code freq=...} comment, or null
 */
record Candidate(String query, String comment) {}
