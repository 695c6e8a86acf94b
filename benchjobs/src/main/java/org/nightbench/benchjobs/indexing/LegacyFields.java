package org.nightbench.benchjobs.indexing;

import java.util.Map;
import java.util.function.Predicate;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;

/**
 * The names indexes built before issue 30 gave the date and title fields ({@code titleDV}, {@code
 * monthSortedDV}, {@code dayOfYearNumericDV}, {@code datenum}), each the twin of a luceneutil name
 * of {@link BenchmarkDocuments}: a task naming either finds the field on an index of either era, so
 * task files and indexes of before and after the rename keep running together.
 */
public final class LegacyFields {

  /** Title as sorted doc values; now {@link BenchmarkDocuments#TITLE}. */
  public static final String TITLE_DV = "titleDV";

  /** Month name as sorted doc values; now {@link BenchmarkDocuments#MONTH}. */
  public static final String MONTH_DV = "monthSortedDV";

  /** Day of year as numeric doc values; now {@link BenchmarkDocuments#DAY_OF_YEAR}. */
  public static final String DAY_OF_YEAR_DV = "dayOfYearNumericDV";

  /**
   * Epoch millis as a long point and numeric doc values; now {@link BenchmarkDocuments#LAST_MOD}.
   */
  public static final String DATENUM = "datenum";

  private static final Map<String, String> TWINS =
      Map.of(
          TITLE_DV,
          BenchmarkDocuments.TITLE,
          BenchmarkDocuments.TITLE,
          TITLE_DV,
          MONTH_DV,
          BenchmarkDocuments.MONTH,
          BenchmarkDocuments.MONTH,
          MONTH_DV,
          DAY_OF_YEAR_DV,
          BenchmarkDocuments.DAY_OF_YEAR,
          BenchmarkDocuments.DAY_OF_YEAR,
          DAY_OF_YEAR_DV,
          DATENUM,
          BenchmarkDocuments.LAST_MOD,
          BenchmarkDocuments.LAST_MOD,
          DATENUM);

  private LegacyFields() {}

  /**
   * {@code field} when the index has it in a form {@code usable} accepts, else its twin of the
   * other era when that one is usable, else {@code field} (so the caller's "index has no field"
   * note names what the task asked for).
   */
  public static String resolve(FieldInfos infos, String field, Predicate<FieldInfo> usable) {
    FieldInfo info = infos.fieldInfo(field);
    if (info != null && usable.test(info)) {
      return field;
    }
    String twin = TWINS.get(field);
    if (twin != null) {
      FieldInfo other = infos.fieldInfo(twin);
      if (other != null && usable.test(other)) {
        return twin;
      }
    }
    return field;
  }
}
