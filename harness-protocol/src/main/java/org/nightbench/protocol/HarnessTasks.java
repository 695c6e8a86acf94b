package org.nightbench.protocol;

import java.util.List;

/** The task categories the harness generates, by the names its task files and results carry. */
public final class HarnessTasks {

  /** Categories in generation order; the order is part of the determinism contract. */
  public static final List<String> CATEGORIES =
      List.of(
          "HighTerm",
          "MedTerm",
          "LowTerm",
          "AndHighHigh",
          "AndHighMed",
          "AndHighLow",
          "OrHighHigh",
          "OrHighMed",
          "OrHighLow",
          "OrNotHighHigh",
          "OrNotHighMed",
          "OrNotHighLow",
          "OrHighNotHigh",
          "OrHighNotMed",
          "OrHighNotLow",
          "AndHighOrMedMed",
          "AndMedOrHighHigh",
          "HighPhrase",
          "MedPhrase",
          "LowPhrase",
          "HighSloppyPhrase",
          "MedSloppyPhrase",
          "LowSloppyPhrase",
          "HighSpanNear",
          "MedSpanNear",
          "LowSpanNear",
          "HighIntervalsOrdered",
          "MedIntervalsOrdered",
          "LowIntervalsOrdered",
          "Prefix3",
          "Wildcard",
          "Fuzzy1",
          "Fuzzy2",
          "Respell",
          "IntNRQ",
          "HighTermTitleSort",
          "HighTermTitleBDVSort",
          "HighTermMonthSort",
          "HighTermDayOfYearSort",
          "TermDTSort",
          "BrowseMonthSSDVFacets",
          "BrowseDayOfYearSSDVFacets",
          "CountTerm",
          "CountAndHighHigh",
          "CountAndHighMed",
          "CountOrHighHigh",
          "CountOrHighMed",
          "CountPhrase",
          "PKLookup",
          // Issue 15, "queries": luceneutil's filtered (+filter=5%), dismax and combined-fields,
          // minimum-should-match, int-set, doc-values range, skipper-sort (10.x) and grouping.
          "FilteredTerm",
          "FilteredAndHighHigh",
          "FilteredAndHighMed",
          "FilteredOrHighHigh",
          "FilteredOrHighMed",
          "FilteredPhrase",
          "FilteredPrefix3",
          "FilteredIntNRQ",
          "FilteredOr3Terms",
          "FilteredAnd3Terms",
          "FilteredOrStopWords",
          "FilteredAndStopWords",
          "FilteredOr2Terms2StopWords",
          "FilteredAnd2Terms2StopWords",
          "FilteredOrMany",
          "CountFilteredOrHighHigh",
          "CountFilteredOrHighMed",
          "CountFilteredPhrase",
          "CountFilteredIntNRQ",
          "CountFilteredOrMany",
          "FilteredDismaxTerm",
          "FilteredDismaxOrHighHigh",
          "FilteredDismaxOrHighMed",
          "DismaxTerm",
          "DismaxOrHighHigh",
          "DismaxOrHighMed",
          "CombinedTerm",
          "CombinedOrHighHigh",
          "CombinedOrHighMed",
          "CombinedAndHighHigh",
          "CombinedAndHighMed",
          "BM25MSM2",
          "ConstMSM2",
          "IntSet",
          "DVRangeNarrow",
          "DVRangeWide",
          "TermWithDVRangeNarrow",
          "TermWithDVRangeWide",
          // luceneutil's doc-values range categories of its commit 3cfd163 (+dvRangeFilter=).
          "TermWithDVRangeLastMod",
          "TermWithDVRangeDayOfYear",
          "DVRangeDayOfYearNarrow",
          "DVRangeDayOfYearWide",
          "TermTitleSortSkipper",
          "TermMonthSortSkipper",
          "TermDayOfYearSortSkipper",
          "TermDateTimeSortSkipper",
          "TermDayOfYearSkipperSearchAfter",
          "TermDateTimeSkipperSearchAfter",
          // Issue 30: luceneutil's +searchAfter=N categories (the page after a sort value).
          "TermDayOfYearSortSearchAfter",
          "TermDateTimeSortSkipperSearchAfter",
          "TermGroup100",
          "TermGroup10K",
          "TermGroup1M",
          "TermBGroup1M",
          "TermBGroup1M1P",
          // Issue 15, "facets": taxonomy and sorted-set dimensions, browsed and over query hits.
          "BrowseDateTaxoFacets",
          "BrowseMonthTaxoFacets",
          "BrowseDayOfYearTaxoFacets",
          "BrowseDateSSDVFacets",
          "BrowseRandomLabelTaxoFacets",
          "BrowseRandomLabelSSDVFacets",
          "TermDateFacets",
          "MedTermDayTaxoFacets",
          "OrHighMedDayTaxoFacets",
          "AndHighMedDayTaxoFacets",
          "AndHighHighDayTaxoFacets");

  /**
   * The categories that read doc-values skippers, which Lucene 10.0 introduced: on a 9.x release
   * they are skipped with a note naming the release.
   */
  public static final List<String> SKIPPER_CATEGORIES =
      List.of(
          "DVRangeNarrow",
          "DVRangeWide",
          "TermWithDVRangeNarrow",
          "TermWithDVRangeWide",
          // luceneutil's doc-values range categories of its commit 3cfd163 (+dvRangeFilter=).
          "TermWithDVRangeLastMod",
          "TermWithDVRangeDayOfYear",
          "DVRangeDayOfYearNarrow",
          "DVRangeDayOfYearWide",
          "TermTitleSortSkipper",
          "TermMonthSortSkipper",
          "TermDayOfYearSortSkipper",
          "TermDateTimeSortSkipper",
          "TermDayOfYearSkipperSearchAfter",
          "TermDateTimeSkipperSearchAfter",
          "TermDateTimeSortSkipperSearchAfter");

  /**
   * luceneutil's vector categories (issue 16): generated after {@link #CATEGORIES} only when the
   * index holds document vectors, and searched only when the search JVM has the query vectors of
   * their texts; otherwise skipped with a note.
   */
  public static final List<String> VECTOR_CATEGORIES =
      List.of("VectorSearch", "PreFilteredVectorSearch", "PostFilteredVectorSearch");

  private HarnessTasks() {}
}
