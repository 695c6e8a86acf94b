package org.nightbench.comparisons;

import java.util.List;

/**
 * What a user asks to compare: two Lucene specs, each with extra JVM flags, over the same profile
 * and corpus, with {@code jvms} search JVMs per side.
 *
 * @param baselineDirectory how the baseline's search JVMs read the index: default, mmap or nio
 * @param resultsMayChange true when the candidate is meant to change hits or top documents, so a
 *     difference is not flagged as a mistake
 * @param benchmarks which benchmarks run: search (the default), pk-lookup, indexing, nrt, load,
 *     pk-postings, check-index, cold-search, stored-fields, facet-timings, knn, vector-indexing
 * @param categories search task categories to run, e.g. HighTerm; none for all
 * @param baselineStoredFields the baseline index's stored fields mode, speed or compression; null
 *     for the codec's default
 * @param baselinePostingsFormat the postings format (SPI name) of every field of the baseline's
 *     index; null for the codec's default
 * @param jfr true to record a JFR profile in both sides' search and indexing JVMs (a few per cent
 *     slower, alike on both sides), so the page shows what got slower; null or false for none. Not
 *     named {@code profile}: that is the benchmark profile's name
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
    Boolean resultsMayChange,
    List<String> benchmarks,
    List<String> categories,
    String baselineStoredFields,
    String candidateStoredFields,
    String baselinePostingsFormat,
    String candidatePostingsFormat,
    Boolean jfr) {

  /** A comparison of search only, with both sides' codecs as the releases ship them. */
  public ComparisonRequest(
      String baseline,
      String candidate,
      List<String> baselineJvmArgs,
      List<String> candidateJvmArgs,
      String baselineDirectory,
      String candidateDirectory,
      Integer jvms,
      String profile,
      String corpus,
      Boolean resultsMayChange) {
    this(
        baseline,
        candidate,
        baselineJvmArgs,
        candidateJvmArgs,
        baselineDirectory,
        candidateDirectory,
        jvms,
        profile,
        corpus,
        resultsMayChange,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
