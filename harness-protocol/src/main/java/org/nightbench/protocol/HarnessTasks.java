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
          // Facets (issue 15): taxonomy and sorted-set dimensions, browsed and over query hits.
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

  private HarnessTasks() {}
}
