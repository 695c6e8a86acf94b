package org.nightbench.runs;

/**
 * What to benchmark: a Lucene spec such as {@code maven:9.12.3} on a machine with a profile and a
 * corpus, and why it was asked for ({@code manual}, {@code backfill}, {@code nightly}).
 */
public record RunRequest(
    String luceneSpec, String machine, String profile, String corpus, String reason) {}
