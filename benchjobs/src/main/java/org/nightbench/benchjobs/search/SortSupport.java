package org.nightbench.benchjobs.search;

import java.util.Map;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.search.SortedSetSortField;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LegacyFields;
import org.nightbench.benchjobs.indexing.QueryFields;
import org.nightbench.benchjobs.indexing.SkipperFields;

/**
 * luceneutil's sort prefixes and the field each sorts on: {@code titledvsort//}, {@code
 * titlebdvsort//}, {@code monthdvsort//}, {@code dayofyeardvsort//}, {@code lastmodndvsort//} on
 * the doc-values fields of luceneutil's indexer (or their pre-issue-30 twins, {@link
 * LegacyFields}), and the skipper sorts on the fields with a skip index, in luceneutil's spelling
 * ({@code titleskippersort//}, {@code monthskippersort//}, {@code dayofyearskippersort//}, {@code
 * lastmodskippersort//}) and the older {@code *dvskippersort//} one this harness guessed before
 * luceneutil had them. Also turns a {@code +searchAfter=N} value into the {@link FieldDoc} to page
 * after.
 */
final class SortSupport {

  /** The sort's field and its value type, resolved against an index when a task is compiled. */
  private record Spec(String field, SortField.Type type, boolean skipper) {}

  private static final Map<String, Spec> SORTS =
      Map.ofEntries(
          Map.entry(
              "titledvsort", new Spec(BenchmarkDocuments.TITLE, SortField.Type.STRING, false)),
          Map.entry(
              "titlebdvsort",
              new Spec(BenchmarkDocuments.TITLE_BDV, SortField.Type.STRING_VAL, false)),
          Map.entry(
              "monthdvsort", new Spec(BenchmarkDocuments.MONTH, SortField.Type.STRING, false)),
          Map.entry(
              "dayofyeardvsort",
              new Spec(BenchmarkDocuments.DAY_OF_YEAR, SortField.Type.INT, false)),
          Map.entry(
              "lastmodndvsort", new Spec(BenchmarkDocuments.LAST_MOD, SortField.Type.LONG, false)),
          Map.entry("titleskippersort", skipper(QueryFields.TITLE_SKIPPER, SortField.Type.STRING)),
          Map.entry(
              "titledvskippersort", skipper(QueryFields.TITLE_SKIPPER, SortField.Type.STRING)),
          Map.entry("monthskippersort", skipper(QueryFields.MONTH_SKIPPER, SortField.Type.STRING)),
          Map.entry(
              "monthdvskippersort", skipper(QueryFields.MONTH_SKIPPER, SortField.Type.STRING)),
          Map.entry(
              "dayofyearskippersort",
              skipper(QueryFields.DAY_OF_YEAR_SKIPPER, SortField.Type.LONG)),
          Map.entry(
              "dayofyeardvskippersort",
              skipper(QueryFields.DAY_OF_YEAR_SKIPPER, SortField.Type.LONG)),
          Map.entry(
              "lastmodskippersort", skipper(QueryFields.LAST_MOD_SKIPPER, SortField.Type.LONG)),
          Map.entry(
              "lastmodndvskippersort", skipper(QueryFields.LAST_MOD_SKIPPER, SortField.Type.LONG)));

  private final FieldInfos fieldInfos;

  SortSupport(FieldInfos fieldInfos) {
    this.fieldInfos = fieldInfos;
  }

  private static Spec skipper(String field, SortField.Type type) {
    return new Spec(field, type, true);
  }

  /** Whether {@code prefix} (before the {@code //}) is one of the sort prefixes. */
  static boolean isSort(String prefix) {
    return SORTS.containsKey(prefix);
  }

  /**
   * The sort of {@code prefix} on this index: sorted-set and sorted-numeric fields (luceneutil's
   * {@code KeywordField}, {@code IntField}, {@code LongField}) sort on their minimum value, as
   * luceneutil's {@code newSortField(field, false, MIN)}; single-valued ones plainly.
   *
   * @throws UnsupportedTaskException when the index lacks the field, or this Lucene has no skippers
   */
  SortField sort(String prefix) throws UnsupportedTaskException {
    Spec spec = SORTS.get(prefix);
    if (spec == null) {
      throw new IllegalArgumentException("not a sort prefix: " + prefix);
    }
    if (spec.skipper() && !SkipperFields.available()) {
      throw new UnsupportedTaskException(SkipperFields.missingReason());
    }
    String field =
        LegacyFields.resolve(
            fieldInfos, spec.field(), i -> i.getDocValuesType() != DocValuesType.NONE);
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null || info.getDocValuesType() == DocValuesType.NONE) {
      throw new UnsupportedTaskException(
          "index has no doc values field '" + spec.field() + "'" + legacyHint(spec.field()));
    }
    return switch (info.getDocValuesType()) {
      case SORTED_SET -> new SortedSetSortField(field, false);
      case SORTED_NUMERIC -> new SortedNumericSortField(field, spec.type());
      default -> new SortField(field, spec.type());
    };
  }

  /**
   * The hit to page after for {@code +searchAfter=value} on {@code sort}: as luceneutil, only a
   * single int or long sort takes a value; every hit whose value equals it comes before the page.
   *
   * @param maxDoc the reader's, whose last doc id the hit takes
   * @throws UnsupportedTaskException on a string sort
   */
  static FieldDoc after(SortField sort, String value, int maxDoc) throws UnsupportedTaskException {
    long v;
    try {
      v = Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("+searchAfter= takes a whole number, got '" + value + "'");
    }
    SortField.Type type =
        sort instanceof SortedNumericSortField numeric ? numeric.getNumericType() : sort.getType();
    Object after =
        switch (type) {
          case LONG -> v;
          case INT -> {
            if (v != (int) v) {
              throw new IllegalArgumentException("+searchAfter=" + value + " is not an int");
            }
            yield (int) v;
          }
          default ->
              throw new UnsupportedTaskException(
                  "+searchAfter=N needs an int or long sort; '"
                      + sort.getField()
                      + "' sorts "
                      + (sort instanceof SortedSetSortField ? "STRING" : type));
        };
    // The last doc id (searchAfter refuses any beyond): every hit of the value itself is before.
    return new FieldDoc(maxDoc - 1, Float.NaN, new Object[] {after});
  }

  private static String legacyHint(String field) {
    return field.endsWith("_skipper") ? " (it is written on Lucene 10.0 and later)" : "";
  }
}
