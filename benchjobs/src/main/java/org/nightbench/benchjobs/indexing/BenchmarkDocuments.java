package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;
import org.nightbench.benchjobs.linedocs.LineDoc;

/**
 * The one place that decides which fields a benchmark document has: indexing, NRT updates and the
 * query families that need a field all agree through here. Names and kinds follow luceneutil's
 * indexer (see docs/explanation/luceneutil-compatibility.md), so its SearchPerfTest can sort, facet
 * and group on an index built here; {@link LegacyFields} names what indexes built before had.
 */
public final class BenchmarkDocuments {

  /** Primary key: the document's position in the corpus, as a decimal string; also doc values. */
  public static final String ID = "id";

  /**
   * The title as one keyword term and sorted-set doc values, as luceneutil's {@code KeywordField}
   * "title" (what its {@code titledvsort//} sorts on).
   */
  public static final String TITLE = "title";

  /** The line's date string, as luceneutil's "date". */
  public static final String DATE = "date";

  public static final String BODY = "body";

  /** Title as binary doc values, for {@code titlebdvsort//}. */
  public static final String TITLE_BDV = "titleBDV";

  /**
   * Epoch milliseconds of the line's date: a long point and sorted-numeric doc values, as
   * luceneutil's {@code LongField} "lastMod" (what its {@code lastmodndvsort//} sorts on).
   */
  public static final String LAST_MOD = "lastMod";

  /** Second of the day of the line's date: an int point, for {@code nrq//timesecnum}. */
  public static final String TIMESECNUM = "timesecnum";

  /**
   * Month name as a keyword term and sorted-set doc values, as luceneutil's {@code KeywordField}
   * "month" (its {@code monthdvsort//}).
   */
  public static final String MONTH = "month";

  /**
   * Day of year as an int point and sorted-numeric doc values, as luceneutil's {@code IntField}
   * "dayOfYear" (its {@code dayofyeardvsort//}).
   */
  public static final String DAY_OF_YEAR = "dayOfYear";

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
    BytesRef title = new BytesRef(truncate(line.title()));
    // luceneutil's KeywordField, spelt with the two fields it adds: KeywordField is 9.5 on.
    doc.add(new StringField(TITLE, title, Field.Store.NO));
    doc.add(new SortedSetDocValuesField(TITLE, title));
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
    // luceneutil's LongField and IntField (9.8 on), likewise spelt as point plus doc values.
    doc.add(new LongPoint(LAST_MOD, date.epochMillis()));
    doc.add(new SortedNumericDocValuesField(LAST_MOD, date.epochMillis()));
    doc.add(new IntPoint(TIMESECNUM, date.secondOfDay()));
    BytesRef month = new BytesRef(date.monthName());
    doc.add(new StringField(MONTH, month, Field.Store.NO));
    doc.add(new SortedSetDocValuesField(MONTH, month));
    doc.add(new IntPoint(DAY_OF_YEAR, date.dayOfYear()));
    doc.add(new SortedNumericDocValuesField(DAY_OF_YEAR, date.dayOfYear()));
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
