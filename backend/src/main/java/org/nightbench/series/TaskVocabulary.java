package org.nightbench.series;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * luceneutil's words for the search task categories, held once: what query each category is (a line
 * a reader of luceneutil's {@code tasks/*.tasks} files recognises) and the names luceneutil uses
 * where Nightbench's differ. The overview, the series page, the overview's text filter and {@code
 * GET /api/series?task=} read them here.
 *
 * <p>Wrapped categories are described from what they wrap: {@code Count…} counts hits, {@code
 * Filtered…} adds luceneutil's 5 % filter, {@code Combined…} and {@code Dismax…} search title and
 * body ({@code FilteredDismaxOrHighMed} is the filtered dismax of {@code OrHighMed}).
 */
public final class TaskVocabulary {

  /** The categories' own queries, in luceneutil's query syntax where it has one. */
  private static final Map<String, String> BASE =
      Map.ofEntries(
          Map.entry("Term", "one term"),
          Map.entry("HighTerm", "one high-freq term"),
          Map.entry("MedTerm", "one medium-freq term"),
          Map.entry("LowTerm", "one low-freq term"),
          Map.entry("AndHighHigh", "+high-freq +high-freq"),
          Map.entry("AndHighMed", "+high-freq +medium-freq"),
          Map.entry("AndHighLow", "+high-freq +low-freq"),
          Map.entry("OrHighHigh", "high-freq high-freq (disjunction)"),
          Map.entry("OrHighMed", "high-freq medium-freq (disjunction)"),
          Map.entry("OrHighLow", "high-freq low-freq (disjunction)"),
          Map.entry("OrHighRare", "a very frequent term or a rare one"),
          Map.entry("OrNotHighHigh", "-high-freq high-freq"),
          Map.entry("OrNotHighMed", "-high-freq medium-freq"),
          Map.entry("OrNotHighLow", "-high-freq low-freq"),
          Map.entry("OrHighNotHigh", "high-freq -high-freq"),
          Map.entry("OrHighNotMed", "high-freq -medium-freq"),
          Map.entry("OrHighNotLow", "high-freq -low-freq"),
          Map.entry("AndHighOrMedMed", "+high-freq +(medium-freq medium-freq)"),
          Map.entry("AndMedOrHighHigh", "+medium-freq +(high-freq high-freq)"),
          Map.entry("Or3Terms", "three terms, any of them"),
          Map.entry("And3Terms", "+term +term +term"),
          Map.entry("OrStopWords", "stop words only, any of them"),
          Map.entry("AndStopWords", "+stop +words +only"),
          Map.entry("Or2Terms2StopWords", "two terms and two stop words, any of them"),
          Map.entry("And2Terms2StopWords", "+two +terms +and +two +stop-words"),
          Map.entry("OrMany", "a disjunction of a paragraph's words"),
          Map.entry("BM25MSM2", "four terms, at least two must match (BM25)"),
          Map.entry("ConstMSM2", "four constant-score terms, at least two must match"),
          Map.entry("Phrase", "\"two words\" phrase"),
          Map.entry("HighPhrase", "\"two words\" phrase, high-freq"),
          Map.entry("MedPhrase", "\"two words\" phrase, medium-freq"),
          Map.entry("LowPhrase", "\"two words\" phrase, low-freq"),
          Map.entry("SloppyPhrase", "\"two words\"~4 sloppy phrase"),
          Map.entry("HighSloppyPhrase", "\"two words\"~4 sloppy phrase, high-freq"),
          Map.entry("MedSloppyPhrase", "\"two words\"~4 sloppy phrase, medium-freq"),
          Map.entry("LowSloppyPhrase", "\"two words\"~4 sloppy phrase, low-freq"),
          Map.entry("SpanNear", "span-near of two words"),
          Map.entry("HighSpanNear", "span-near of two words, high-freq"),
          Map.entry("MedSpanNear", "span-near of two words, medium-freq"),
          Map.entry("LowSpanNear", "span-near of two words, low-freq"),
          Map.entry("IntervalsOrdered", "ordered intervals of two words"),
          Map.entry("HighIntervalsOrdered", "ordered intervals of two words, high-freq"),
          Map.entry("MedIntervalsOrdered", "ordered intervals of two words, medium-freq"),
          Map.entry("LowIntervalsOrdered", "ordered intervals of two words, low-freq"),
          Map.entry("Prefix3", "prefix query of 3 characters (abc*)"),
          Map.entry("Wildcard", "wildcard query (ab*c)"),
          Map.entry("Fuzzy1", "fuzzy query, edit distance 1 (term~1)"),
          Map.entry("Fuzzy2", "fuzzy query, edit distance 2 (term~2)"),
          Map.entry("Respell", "spelling suggestions for a rare word"),
          Map.entry("IntNRQ", "numeric range query on a points field"),
          Map.entry("IntSet", "a set of 50 values of a points field"),
          Map.entry("HighTermTitleSort", "high-freq term sorted by title (sorted doc values)"),
          Map.entry("HighTermTitleBDVSort", "high-freq term sorted by title (binary doc values)"),
          Map.entry("HighTermMonthSort", "high-freq term sorted by month (doc values)"),
          Map.entry("HighTermDayOfYearSort", "high-freq term sorted by day of year (doc values)"),
          Map.entry("TermDTSort", "term query sorted by date-time doc values"),
          Map.entry("TermTitleSortSkipper", "term sorted by title, doc-values skipper"),
          Map.entry("TermMonthSortSkipper", "term sorted by month, doc-values skipper"),
          Map.entry("TermDayOfYearSortSkipper", "term sorted by day of year, doc-values skipper"),
          Map.entry("TermDateTimeSortSkipper", "term sorted by date-time, doc-values skipper"),
          Map.entry(
              "TermDayOfYearSkipperSearchAfter",
              "the page after the first of a term sorted by day of year (skipper)"),
          Map.entry(
              "TermDateTimeSkipperSearchAfter",
              "the page after the first of a term sorted by date-time (skipper)"),
          Map.entry(
              "TermDayOfYearSortSearchAfter",
              "term sorted by day of year, hits after a value near the 90th percentile"),
          Map.entry(
              "TermDateTimeSortSkipperSearchAfter",
              "term sorted by date-time (skipper), hits after a value near the 90th percentile"),
          Map.entry("DVRangeNarrow", "doc-values range on last-modified, 1 % of the dates"),
          Map.entry("DVRangeWide", "doc-values range on last-modified, 50 % of the dates"),
          Map.entry("TermWithDVRangeNarrow", "+term +doc-values range (1 % of the dates)"),
          Map.entry("TermWithDVRangeWide", "+term +doc-values range (50 % of the dates)"),
          Map.entry(
              "TermWithDVRangeLastMod", "term filtered by a doc-values range on last-modified"),
          Map.entry(
              "TermWithDVRangeDayOfYear", "term filtered by a doc-values range on the day of year"),
          Map.entry("DVRangeDayOfYearNarrow", "count of a doc-values range, 30 days of the year"),
          Map.entry("DVRangeDayOfYearWide", "count of a doc-values range, 183 days of the year"),
          Map.entry("TermGroup100", "term, hits grouped by a field of 100 values"),
          Map.entry("TermGroup10K", "term, hits grouped by a field of 10K values"),
          Map.entry("TermGroup1M", "term, hits grouped by a field of 1M values"),
          Map.entry("TermBGroup1M", "term, block grouping into 1M groups, two passes"),
          Map.entry("TermBGroup1M1P", "term, block grouping into 1M groups, one pass"),
          Map.entry("BrowseDateTaxoFacets", "all docs, facet counts by date (taxonomy)"),
          Map.entry("BrowseMonthTaxoFacets", "all docs, facet counts by month (taxonomy)"),
          Map.entry(
              "BrowseDayOfYearTaxoFacets", "all docs, facet counts by day of year (taxonomy)"),
          Map.entry(
              "BrowseRandomLabelTaxoFacets", "all docs, facet counts by a random label (taxonomy)"),
          Map.entry(
              "BrowseDateSSDVFacets", "all docs, facet counts by date (sorted-set doc values)"),
          Map.entry(
              "BrowseMonthSSDVFacets", "all docs, facet counts by month (sorted-set doc values)"),
          Map.entry(
              "BrowseDayOfYearSSDVFacets",
              "all docs, facet counts by day of year (sorted-set doc values)"),
          Map.entry(
              "BrowseRandomLabelSSDVFacets",
              "all docs, facet counts by a random label (sorted-set doc values)"),
          Map.entry("TermDateFacets", "high-freq term, facet counts by date (taxonomy)"),
          Map.entry(
              "MedTermDayTaxoFacets", "medium-freq term, facet counts by day of year (taxonomy)"),
          Map.entry(
              "OrHighMedDayTaxoFacets",
              "high-freq medium-freq, facet counts by day of year (taxonomy)"),
          Map.entry(
              "AndHighMedDayTaxoFacets",
              "+high-freq +medium-freq, facet counts by day of year (taxonomy)"),
          Map.entry(
              "AndHighHighDayTaxoFacets",
              "+high-freq +high-freq, facet counts by day of year (taxonomy)"),
          Map.entry("PKLookup", "primary-key lookups of ids"),
          Map.entry("VectorSearch", "KNN vector search for a text's embedding"),
          Map.entry(
              "PreFilteredVectorSearch", "KNN vector search, 5 % filter applied during search"),
          Map.entry("PostFilteredVectorSearch", "KNN vector search, 5 % filter applied after"));

  /**
   * luceneutil's names for categories Nightbench names otherwise, luceneutil's name first. {@code
   * TermDateTimeSort} is its task files' name, which its report prints as {@code TermDTSort};
   * {@code TermTitleSort} & co. are its nightly's high-freq sorts; the skipper and doc-values range
   * names are those of its nightly charts (the range is on the last-modified field).
   */
  private static final Map<String, String> LUCENEUTIL_ALIASES =
      Map.of(
          "TermDateTimeSort", "TermDTSort",
          "TermTitleSort", "HighTermTitleSort",
          "TermMonthSort", "HighTermMonthSort",
          "TermDayOfYearSort", "HighTermDayOfYearSort",
          "TermDTSortSkipper", "TermDateTimeSortSkipper",
          "DVRangeLastModNarrow", "DVRangeNarrow",
          "DVRangeLastModWide", "DVRangeWide");

  private TaskVocabulary() {}

  /**
   * What query the search category {@code task} is, in one short line, e.g. {@code +high-freq
   * +high-freq} for {@code AndHighHigh}; empty for a category no one described.
   */
  public static Optional<String> describe(String task) {
    if (task == null || task.isEmpty()) {
      return Optional.empty();
    }
    String own = BASE.get(task);
    if (own != null) {
      return Optional.of(own);
    }
    if (task.startsWith("Count") && task.length() > 5) {
      return describe(task.substring(5)).map(d -> "count the hits of " + d);
    }
    if (task.startsWith("Filtered") && task.length() > 8) {
      return describe(task.substring(8)).map(d -> d + ", 5 % filter");
    }
    if (task.startsWith("Combined") && task.length() > 8) {
      return describe(wrapped(task.substring(8)))
          .map(d -> d + ", BM25F over title^8 and body (CombinedFieldQuery)");
    }
    if (task.startsWith("Dismax") && task.length() > 6) {
      return describe(wrapped(task.substring(6))).map(d -> d + ", dismax of title and body");
    }
    return Optional.empty();
  }

  /** {@code Term} under a wrapper is luceneutil's high-freq term. */
  private static String wrapped(String task) {
    return task.equals("Term") ? "HighTerm" : task;
  }

  /**
   * Nightbench's name for {@code name}: the category luceneutil calls {@code name} (ignoring case),
   * else {@code name} itself.
   */
  public static String nightbenchName(String name) {
    if (name == null) {
      return null;
    }
    String stripped = name.strip();
    for (Map.Entry<String, String> alias : LUCENEUTIL_ALIASES.entrySet()) {
      if (alias.getKey().equalsIgnoreCase(stripped)) {
        return alias.getValue();
      }
    }
    return stripped;
  }

  /** luceneutil's names of the category Nightbench calls {@code task}, sorted; often none. */
  public static List<String> luceneutilNames(String task) {
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, String> alias : LUCENEUTIL_ALIASES.entrySet()) {
      if (alias.getValue().equals(task)) {
        names.add(alias.getKey());
      }
    }
    names.sort(String.CASE_INSENSITIVE_ORDER);
    return names;
  }

  /** The words the overview's text filter also finds {@code task} by, lower case. */
  static String searchableAliases(String task) {
    return String.join(" ", luceneutilNames(task)).toLowerCase(Locale.ROOT);
  }
}
