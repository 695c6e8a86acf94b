package org.nightbench.series;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.nightbench.protocol.Benchmarks;

/**
 * The groups the overview and the series page show, as Lucene's nightly pages group their charts:
 * the one owner of "which group does this series belong to". Query categories are grouped by their
 * luceneutil names (rules on the name, so a new {@code Filtered…} or {@code …Sort} category lands
 * where a reader looks for it); other benchmarks by the group their definition names. Whatever no
 * rule knows goes to {@link #OTHER}, never nowhere.
 */
public enum TaskGroup {
  INDEXING("indexing", "Indexing"),
  VECTOR_INDEXING("vectorindexing", "Indexing with vectors"),
  NRT("nrt", "NRT reopen"),
  TERM("term", "Term queries"),
  BOOLEAN("boolean", "Boolean"),
  FILTERED("filtered", "Filtered"),
  COMBINED("combined", "Combined/DisMax"),
  PROXIMITY("proximity", "Proximity"),
  COUNT("count", "Count"),
  FACETS("facets", "Facets"),
  SORTING("sorting", "Sorting"),
  DV_RANGE("dvrange", "DV range"),
  GROUPING("grouping", "Grouping"),
  MULTI_TERM("multiterm", "Multi-term and numeric queries"),
  VECTOR("vector", "Vector search"),
  PK_LOOKUPS("pk", "PK lookups"),
  STORED_FIELDS("storedfields", "Stored fields"),
  CHECK_INDEX("checkindex", "CheckIndex"),
  COLD_CACHE("coldcache", "Search on a cold page cache"),
  LOAD("load", "Response time under load"),
  CALIBRATION("calibration", "Machine calibration"),
  OTHER("other", "Other");

  private static final Pattern TERM_ONLY = Pattern.compile("(High|Med|Low)?Term");
  private static final Pattern GROUPED = Pattern.compile("TermB?Group.*");
  private static final Pattern MULTI_TERM_PREFIXES =
      Pattern.compile("(Prefix|Wildcard|Fuzzy|Respell|IntNRQ|IntSet).*");

  private final String key;
  private final String title;

  TaskGroup(String key, String title) {
    this.key = key;
    this.title = title;
  }

  /** The group's name in addresses and the API, e.g. {@code dvrange}. */
  public String key() {
    return key;
  }

  /** The group's heading, e.g. {@code DV range}. */
  public String title() {
    return title;
  }

  /** The group whose key is {@code key}, ignoring case; empty for none. */
  public static Optional<TaskGroup> byKey(String key) {
    String wanted = key.toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(group -> group.key.equals(wanted)).findFirst();
  }

  /**
   * The group of a series measuring {@code task} of {@code benchmark}: the group its definition
   * names ({@link Benchmarks}), or its query category's when the definition leaves it to the task.
   */
  public static TaskGroup of(String benchmark, String task) {
    return Benchmarks.ofSeries(benchmark)
        .map(
            definition ->
                definition.group() == null
                    ? ofQueryCategory(task)
                    : byKey(definition.group()).orElse(OTHER))
        .orElse(OTHER);
  }

  /**
   * The group of a query category named as luceneutil names them. The rules are tried in order: a
   * name's operator wins over what it wraps ({@code CountFilteredPhrase} counts, {@code
   * FilteredDismaxTerm} filters, {@code TermDateFacets} facets).
   */
  public static TaskGroup ofQueryCategory(String category) {
    if (category.contains("Vector")) {
      return VECTOR;
    }
    if (category.startsWith("Count")) {
      return COUNT;
    }
    if (category.startsWith("Filtered")) {
      return FILTERED;
    }
    if (category.startsWith("Combined") || category.startsWith("Dismax")) {
      return COMBINED;
    }
    if (category.endsWith("Facets")) {
      return FACETS;
    }
    if (category.contains("DVRange")) {
      return DV_RANGE;
    }
    if (GROUPED.matcher(category).matches()) {
      return GROUPING;
    }
    if (category.endsWith("Sort")
        || category.contains("Skipper")
        || category.contains("SearchAfter")) {
      return SORTING;
    }
    if (category.contains("Phrase")
        || category.contains("SpanNear")
        || category.contains("Intervals")) {
      return PROXIMITY;
    }
    if (category.equals("PKLookup")) {
      return PK_LOOKUPS;
    }
    if (MULTI_TERM_PREFIXES.matcher(category).matches()) {
      return MULTI_TERM;
    }
    if (TERM_ONLY.matcher(category).matches()) {
      return TERM;
    }
    if (category.startsWith("And") || category.startsWith("Or") || category.contains("MSM")) {
      return BOOLEAN;
    }
    return OTHER;
  }
}
