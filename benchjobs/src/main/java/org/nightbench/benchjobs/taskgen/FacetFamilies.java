package org.nightbench.benchjobs.taskgen;

import java.util.ArrayList;
import java.util.List;
import org.nightbench.benchjobs.indexing.FacetFields;

/**
 * Candidates of luceneutil's facet categories over the dimensions {@link FacetFields} indexes: the
 * Browse tasks count a whole dimension (match-all), the others count one over the hits of a term
 * family's query (TermDateFacets on a high-frequency term, the *DayTaxoFacets on the family their
 * name starts with).
 */
final class FacetFamilies {

  private final TermFamilies terms;

  FacetFamilies(TermFamilies terms) {
    this.terms = terms;
  }

  /** Candidates for {@code category}, or null when it is not a facet family. */
  List<Candidate> candidates(String category) {
    return switch (category) {
      case "BrowseDateTaxoFacets" -> browse(FacetFields.DATE, FacetFields.TAXONOMY);
      case "BrowseMonthTaxoFacets" -> browse(FacetFields.MONTH, FacetFields.TAXONOMY);
      case "BrowseDayOfYearTaxoFacets" -> browse(FacetFields.DAY_OF_YEAR, FacetFields.TAXONOMY);
      case "BrowseDateSSDVFacets" -> browse(FacetFields.DATE, FacetFields.SORTED_SET);
      case "BrowseMonthSSDVFacets" -> browse(FacetFields.MONTH, FacetFields.SORTED_SET);
      case "BrowseDayOfYearSSDVFacets" -> browse(FacetFields.DAY_OF_YEAR, FacetFields.SORTED_SET);
      case "BrowseRandomLabelTaxoFacets" -> browse(FacetFields.RANDOM_LABEL, FacetFields.TAXONOMY);
      case "BrowseRandomLabelSSDVFacets" ->
          browse(FacetFields.RANDOM_LABEL, FacetFields.SORTED_SET);
      case "TermDateFacets" -> over("HighTerm", FacetFields.DATE);
      case "MedTermDayTaxoFacets" -> over("MedTerm", FacetFields.DAY_OF_YEAR);
      case "OrHighMedDayTaxoFacets" -> over("OrHighMed", FacetFields.DAY_OF_YEAR);
      case "AndHighMedDayTaxoFacets" -> over("AndHighMed", FacetFields.DAY_OF_YEAR);
      case "AndHighHighDayTaxoFacets" -> over("AndHighHigh", FacetFields.DAY_OF_YEAR);
      default -> null;
    };
  }

  private static List<Candidate> browse(String base, String kind) {
    return List.of(new Candidate("*:* +facets:" + kind + ":" + base, null));
  }

  /** The term family's candidates, each counting taxonomy dimension {@code base} of its hits. */
  private List<Candidate> over(String termCategory, String base) {
    String clause = " +facets:" + FacetFields.TAXONOMY + ":" + base;
    List<Candidate> out = new ArrayList<>();
    for (Candidate c : terms.candidates(termCategory)) {
      out.add(new Candidate(c.query() + clause, c.comment()));
    }
    return out;
  }
}
