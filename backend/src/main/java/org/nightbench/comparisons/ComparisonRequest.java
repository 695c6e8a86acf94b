package org.nightbench.comparisons;

import java.util.List;

/**
 * What a user asks to compare: two Lucene specs, each with extra JVM flags, over the same profile
 * and corpus, with {@code jvms} search JVMs per side.
 *
 * @param baselineDirectory how the baseline's search JVMs read the index: default, mmap or nio
 * @param resultsMayChange true when the candidate is meant to change hits or top documents, so a
 *     difference is not flagged as a mistake
 */
public record ComparisonRequest(
    String baseline,
    String candidate,
    List<String> baselineJvmArgs,
    List<String> candidateJvmArgs,
    String baselineDirectory,
    String candidateDirectory,
    Integer jvms,
    String profile,
    String corpus,
    Boolean resultsMayChange) {}
