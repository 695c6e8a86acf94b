package org.nightbench.series;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;

/**
 * The groups the overview and the series page show, as Lucene's nightly pages group their charts:
 * the one owner of "which group does this series belong to". Query categories are grouped by their
 * luceneutil names (rules on the name, so a new {@code Filtered…} or {@code …Sort} category lands
 * where a reader looks for it); other benchmarks by the group their definition names, with the
 * heading it gives, so a new benchmark brings its group along. Whatever no rule knows goes to
 * {@link #OTHER}, never nowhere.
 */
public final class TaskGroup implements Comparable<TaskGroup> {
  public static final TaskGroup INDEXING = new TaskGroup("indexing", "Indexing");
  public static final TaskGroup VECTOR_INDEXING =
      new TaskGroup("vectorindexing", "Indexing with vectors");
  public static final TaskGroup NRT = new TaskGroup("nrt", "NRT reopen");
  public static final TaskGroup TERM = new TaskGroup("term", "Term queries");
  public static final TaskGroup BOOLEAN = new TaskGroup("boolean", "Boolean");
  public static final TaskGroup FILTERED = new TaskGroup("filtered", "Filtered");
  public static final TaskGroup COMBINED = new TaskGroup("combined", "Combined/DisMax");
  public static final TaskGroup PROXIMITY = new TaskGroup("proximity", "Proximity");
  public static final TaskGroup COUNT = new TaskGroup("count", "Count");
  public static final TaskGroup FACETS = new TaskGroup("facets", "Facets");
  public static final TaskGroup SORTING = new TaskGroup("sorting", "Sorting");
  public static final TaskGroup DV_RANGE = new TaskGroup("dvrange", "DV range");
  public static final TaskGroup GROUPING = new TaskGroup("grouping", "Grouping");
  public static final TaskGroup MULTI_TERM =
      new TaskGroup("multiterm", "Multi-term and numeric queries");
  public static final TaskGroup VECTOR = new TaskGroup("vector", "Vector search");
  public static final TaskGroup PK_LOOKUPS = new TaskGroup("pk", "PK lookups");
  public static final TaskGroup STORED_FIELDS = new TaskGroup("storedfields", "Stored fields");
  public static final TaskGroup CHECK_INDEX = new TaskGroup("checkindex", "CheckIndex");
  public static final TaskGroup COLD_CACHE =
      new TaskGroup("coldcache", "Search on a cold page cache");
  public static final TaskGroup LOAD = new TaskGroup("load", "Response time under load");
  public static final TaskGroup CALIBRATION = new TaskGroup("calibration", "Machine calibration");
  public static final TaskGroup OTHER = new TaskGroup("other", "Other");

  /**
   * The headings of the query categories and of the benchmarks defined before this class knew its
   * groups, in page order.
   */
  private static final List<TaskGroup> KNOWN =
      List.of(
          INDEXING,
          VECTOR_INDEXING,
          NRT,
          TERM,
          BOOLEAN,
          FILTERED,
          COMBINED,
          PROXIMITY,
          COUNT,
          FACETS,
          SORTING,
          DV_RANGE,
          GROUPING,
          MULTI_TERM,
          VECTOR,
          PK_LOOKUPS,
          STORED_FIELDS,
          CHECK_INDEX,
          COLD_CACHE,
          LOAD,
          CALIBRATION);

  private static volatile List<TaskGroup> all;

  private static final Pattern TERM_ONLY = Pattern.compile("(High|Med|Low)?Term");
  private static final Pattern GROUPED = Pattern.compile("TermB?Group.*");
  private static final Pattern MULTI_TERM_PREFIXES =
      Pattern.compile("(Prefix|Wildcard|Fuzzy|Respell|IntNRQ|IntSet).*");

  private final String key;
  private final String title;

  private TaskGroup(String key, String title) {
    this.key = key;
    this.title = title;
  }

  /**
   * Every group in page order: the query categories' and the known benchmarks', then the group of
   * each other benchmark definition with its own heading, then {@link #OTHER}.
   */
  public static List<TaskGroup> values() {
    List<TaskGroup> found = all;
    if (found == null) {
      Map<String, TaskGroup> byKey = new LinkedHashMap<>();
      KNOWN.forEach(group -> byKey.put(group.key, group));
      for (BenchmarkDefinition definition : Benchmarks.all()) {
        if (definition.group() != null) {
          String key = definition.group().toLowerCase(Locale.ROOT);
          byKey.putIfAbsent(key, new TaskGroup(key, definition.groupTitle()));
        }
      }
      byKey.put(OTHER.key, OTHER);
      found = List.copyOf(byKey.values());
      all = found;
    }
    return found;
  }

  /** Page order, as {@link #values()} lists them. */
  @Override
  public int compareTo(TaskGroup other) {
    return Integer.compare(values().indexOf(this), values().indexOf(other));
  }

  @Override
  public String toString() {
    return key;
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
    return values().stream().filter(group -> group.key.equals(wanted)).findFirst();
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
