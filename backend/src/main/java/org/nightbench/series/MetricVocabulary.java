package org.nightbench.series;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How each search QPS figure is computed, one line each, held once: the series page, the overview's
 * metric cell and {@code GET /api/series} read them here. The lines follow the harness's {@code
 * SearchMetrics}, which computes the figures.
 *
 * <p>{@code qpsLuceneutil} is the same measured rounds reduced as luceneutil's report reduces them,
 * there to set beside luceneutil's pages. The overview therefore does not list it as a fourth row
 * per category: it is reached from its category's other figures on the series page, and listed when
 * the overview's text filter names it (e.g. {@code luceneutil}).
 */
public final class MetricVocabulary {

  /** The benchmark whose QPS figures are described here. */
  static final String SEARCH = "search";

  /** The figure computed as luceneutil's report computes it. */
  public static final String LUCENEUTIL_QPS = "qpsLuceneutil";

  /** The search benchmark's QPS figures, in the order the series page names them. */
  static final List<String> QPS_FIGURES = List.of("qps", "qpsFastest", "qpsCpu", LUCENEUTIL_QPS);

  private static final Map<String, String> SEARCH_LINES =
      Map.of(
          "qps",
          "queries ÷ the sum of each query's median latency over the measured rounds (after the"
              + " warm-up gate); mean ±1σ over the JVMs",
          "qpsFastest",
          "queries ÷ the sum of each query's fastest latency over the measured rounds; mean ±1σ"
              + " over the JVMs",
          "qpsCpu",
          "queries ÷ the sum of each query's median thread CPU time over the measured rounds;"
              + " mean ±1σ over the JVMs",
          LUCENEUTIL_QPS,
          "as luceneutil's report (benchUtil.py): each query's measured runs without its first 3,"
              + " sorted, without the slowest 10 %, then their median; queries ÷ the sum of those"
              + " medians; mean ±1σ over the JVMs");

  private MetricVocabulary() {}

  /** How {@code metric} of {@code benchmark} is computed, in one line; empty where not said. */
  public static Optional<String> describe(String benchmark, String metric) {
    return SEARCH.equals(benchmark)
        ? Optional.ofNullable(SEARCH_LINES.get(metric))
        : Optional.empty();
  }

  /**
   * Whether the overview lists a series of {@code metric} without being asked: every series but the
   * luceneutil-reduced search QPS, which would add a row per category.
   */
  static boolean listedByDefault(String benchmark, String metric) {
    return !(SEARCH.equals(benchmark) && LUCENEUTIL_QPS.equals(metric));
  }
}
