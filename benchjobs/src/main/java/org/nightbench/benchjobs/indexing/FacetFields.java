package org.nightbench.benchjobs.indexing;

import org.apache.lucene.document.Document;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;

/**
 * The sorted-set facet dimensions of a benchmark document, added through the facet module's own
 * {@link FacetsConfig} so that its counting classes read them on every Lucene version. Touched only
 * when the facet module is on the classpath: without it the index simply has no facet dimensions.
 */
public final class FacetFields {

  /** Facet dimension of the month name, as luceneutil's {@code +facets:Month.sortedset}. */
  public static final String MONTH = "Month";

  /** Facet dimension of the day of year (1..366), as luceneutil's {@code DayOfYear}. */
  public static final String DAY_OF_YEAR = "DayOfYear";

  private static final FacetsConfig CONFIG = new FacetsConfig();

  private FacetFields() {}

  /** The config the index was built with; search must count with the same one. */
  public static FacetsConfig config() {
    return CONFIG;
  }

  /** {@code doc} with the facet dimensions of {@code date} turned into index fields. */
  static Document withFacets(Document doc, CorpusDate date) throws java.io.IOException {
    doc.add(new SortedSetDocValuesFacetField(MONTH, date.monthName()));
    doc.add(new SortedSetDocValuesFacetField(DAY_OF_YEAR, Integer.toString(date.dayOfYear())));
    return CONFIG.build(doc);
  }
}
