package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;
import org.nightbench.benchjobs.linedocs.LineDoc;

/**
 * The one place that decides which fields a benchmark document has: indexing, NRT updates and the
 * query families that need a field all agree through here. Field names follow luceneutil's so its
 * task files run unchanged.
 */
public final class BenchmarkDocuments {

  /** Primary key: the document's position in the corpus, as a decimal string; also doc values. */
  public static final String ID = "id";

  public static final String TITLE = "title";
  public static final String DATE = "date";
  public static final String BODY = "body";

  /** Title as sorted doc values, for {@code titledvsort//}. */
  public static final String TITLE_DV = "titleDV";

  /** Title as binary doc values, for {@code titlebdvsort//}. */
  public static final String TITLE_BDV = "titleBDV";

  /** Epoch milliseconds of the line's date: a long point and numeric doc values. */
  public static final String DATENUM = "datenum";

  /** Second of the day of the line's date: an int point, for {@code nrq//timesecnum}. */
  public static final String TIMESECNUM = "timesecnum";

  /** Month name as sorted doc values, for {@code monthdvsort//}. */
  public static final String MONTH_DV = "monthSortedDV";

  /** Day of year as numeric doc values, for {@code dayofyeardvsort//}. */
  public static final String DAY_OF_YEAR_DV = "dayOfYearNumericDV";

  /** Sorted doc values refuse terms over 32766 bytes; no sane title needs this many chars. */
  private static final int MAX_TITLE_DV_CHARS = 1000;

  private static final boolean FACETS = facetModuleLoadable();

  private BenchmarkDocuments() {}

  /** The document for corpus entry {@code id}, without taxonomy facet dimensions. */
  public static Document build(long id, LineDoc line) {
    return build(id, line, null);
  }

  /**
   * The document for corpus entry {@code id}; its taxonomy facet dimensions go to {@code taxonomy}
   * (null: sorted-set facet dimensions only).
   */
  public static Document build(long id, LineDoc line, TaxonomyIndex taxonomy) {
    Document doc = new Document();
    String key = Long.toString(id);
    doc.add(new StringField(ID, key, Field.Store.YES));
    doc.add(new SortedDocValuesField(ID, new BytesRef(key)));
    doc.add(new TextField(TITLE, line.title(), Field.Store.NO));
    BytesRef title = new BytesRef(truncate(line.title()));
    doc.add(new SortedDocValuesField(TITLE_DV, title));
    doc.add(new BinaryDocValuesField(TITLE_BDV, title));
    doc.add(new StringField(DATE, line.date(), Field.Store.NO));
    doc.add(new TextField(BODY, line.body(), Field.Store.NO));
    CorpusDate date = CorpusDate.parse(line.date());
    QueryFields.addGroups(doc, id);
    QueryFields.addTitleTokenized(doc, line.title());
    QueryFields.addSkippers(doc, date, title);
    if (date == null) {
      // A line without a readable date still indexes; date-based tasks just never match it.
      return withFacets(doc, null, id, taxonomy);
    }
    doc.add(new LongPoint(DATENUM, date.epochMillis()));
    doc.add(new NumericDocValuesField(DATENUM, date.epochMillis()));
    doc.add(new IntPoint(TIMESECNUM, date.secondOfDay()));
    doc.add(new SortedDocValuesField(MONTH_DV, new BytesRef(date.monthName())));
    doc.add(new NumericDocValuesField(DAY_OF_YEAR_DV, date.dayOfYear()));
    return withFacets(doc, date, id, taxonomy);
  }

  /** {@code doc} with its facet dimensions, the date's only when it has one ({@code date}). */
  private static Document withFacets(
      Document doc, CorpusDate date, long id, TaxonomyIndex taxonomy) {
    if (!FACETS) {
      return doc;
    }
    try {
      return FacetFields.withFacets(
          doc, date, RandomLabels.of(id), taxonomy == null ? null : taxonomy.writer());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether documents carry the facet dimensions (the facet module is loadable). */
  public static boolean hasFacets() {
    return FACETS;
  }

  /** Checked by name: touching {@link FacetFields} itself would fail without the module. */
  private static boolean facetModuleLoadable() {
    try {
      Class.forName(
          "org.apache.lucene.facet.FacetsConfig", false, BenchmarkDocuments.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static String truncate(String s) {
    if (s.length() <= MAX_TITLE_DV_CHARS) {
      return s;
    }
    int end = MAX_TITLE_DV_CHARS;
    if (Character.isHighSurrogate(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(0, end);
  }
}
