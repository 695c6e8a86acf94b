package org.nightbench.benchjobs.search;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LegacyFields;
import org.nightbench.benchjobs.indexing.QueryFields;
import org.nightbench.benchjobs.indexing.SkipperFields;

/**
 * The operators of luceneutil's nightly beyond plain queries and sorts: {@code +minShouldMatch=N},
 * {@code const//} (constant score), {@code intSet//field n...}, {@code dvrange//field min max
 * [term]}, {@code +dvRangeFilter=field,min,max} (the query filtered by that doc-values range) and
 * grouping ({@code group100//}, {@code group10K//}, {@code group1M//}, {@code groupblock//}, {@code
 * groupblock1pass//}).
 */
final class QueryOperators {

  private static final Pattern MIN_SHOULD_MATCH = Pattern.compile(" \\+minShouldMatch=(\\d+)($| )");

  /** luceneutil's grouping prefixes. */
  static final java.util.Set<String> GROUPINGS =
      java.util.Set.of(
          "group100", "group10K", "group100K", "group1M", "groupblock", "groupblock1pass");

  private final FieldInfos fieldInfos;
  private String groupingMissing;

  QueryOperators(IndexReader reader) {
    this.fieldInfos = FieldInfos.getMergedFieldInfos(reader);
  }

  /** Text with {@code +minShouldMatch=N} cut out, and N (0 without one). */
  record MinShouldMatch(String text, int min) {}

  static MinShouldMatch cutMinShouldMatch(String text) {
    Matcher m = MIN_SHOULD_MATCH.matcher(text);
    if (!m.find()) {
      if (text.contains("+minShouldMatch=")) {
        throw new IllegalArgumentException("expected ' +minShouldMatch=N' with N a whole number");
      }
      return new MinShouldMatch(text, 0);
    }
    int min;
    try {
      min = Integer.parseInt(m.group(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("minShouldMatch too large: " + m.group(1));
    }
    return new MinShouldMatch(
        (text.substring(0, m.start()) + " " + text.substring(m.end())).strip(), min);
  }

  /** {@code query} needing at least {@code min} of its optional clauses (luceneutil's rule). */
  static Query minShouldMatch(Query query, int min) {
    if (min == 0) {
      return query;
    }
    if (query instanceof ConstantScoreQuery c) {
      return new ConstantScoreQuery(minShouldMatch(c.getQuery(), min));
    }
    if (!(query instanceof BooleanQuery bq)) {
      throw new IllegalArgumentException("+minShouldMatch= needs a boolean query of several words");
    }
    // Clauses are copied whole: BooleanClause's accessors differ between 9.x and 10.x.
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    b.setMinimumNumberShouldMatch(min);
    for (BooleanClause clause : bq.clauses()) {
      b.add(clause);
    }
    return b.build();
  }

  /** {@code intSet//field n1 n2 ...}: a point set query on an int or long point field. */
  Query intSet(String[] args) throws UnsupportedTaskException {
    if (args.length < 2) {
      throw new IllegalArgumentException(
          "expected intSet//field n1 n2 ..., got " + args.length + " words");
    }
    String field = LegacyFields.resolve(fieldInfos, args[0], i -> i.getPointDimensionCount() == 1);
    FieldInfo info = pointField(field, args[0]);
    long[] values = new long[args.length - 1];
    for (int i = 1; i < args.length; i++) {
      values[i - 1] = number(args[i]);
    }
    if (info.getPointNumBytes() == Long.BYTES) {
      return LongPoint.newSetQuery(field, values);
    }
    int[] ints = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      ints[i] = Math.toIntExact(values[i]);
    }
    return IntPoint.newSetQuery(field, ints);
  }

  /** luceneutil's doc-values range filter option, leading space included. */
  private static final Pattern DV_RANGE_FILTER = Pattern.compile(" \\+dvRangeFilter=([^\\s)]*)");

  /**
   * Text with {@code +dvRangeFilter=field,min,max} cut out, and the range's words ({@code field},
   * {@code min}, {@code max}); null words without one.
   */
  record DvRangeFilter(String text, String[] range) {}

  static DvRangeFilter cutDvRangeFilter(String text) {
    Matcher m = DV_RANGE_FILTER.matcher(text);
    if (!m.find()) {
      if (text.contains("+dvRangeFilter=")) {
        throw new IllegalArgumentException("expected ' +dvRangeFilter=field,min,max'");
      }
      return new DvRangeFilter(text, null);
    }
    String[] range = m.group(1).split(",", -1);
    if (range.length != 3 || range[0].isEmpty()) {
      throw new IllegalArgumentException(
          "expected +dvRangeFilter=field,min,max, got '+dvRangeFilter=" + m.group(1) + "'");
    }
    number(range[1]);
    number(range[2]);
    String rest = (text.substring(0, m.start()) + " " + text.substring(m.end())).strip();
    if (rest.contains("+dvRangeFilter=")) {
      throw new IllegalArgumentException("more than one +dvRangeFilter= option");
    }
    return new DvRangeFilter(rest, range);
  }

  /**
   * {@code dvrange//field min max}: a doc-values-only range (no points), which on a skipper field
   * uses the skip index; {@code dvrange//field min max term} requires {@code term} in the body and
   * filters by the range.
   */
  Query dvRange(String[] args) throws UnsupportedTaskException {
    if (args.length != 3 && args.length != 4) {
      throw new IllegalArgumentException(
          "expected dvrange//field min max [term], got " + args.length + " words");
    }
    Query range = dvRange(args[0], number(args[1]), number(args[2]));
    if (args.length == 3) {
      return range;
    }
    return new BooleanQuery.Builder()
        .add(new TermQuery(new Term(BenchmarkDocuments.BODY, args[3])), Occur.MUST)
        .add(range, Occur.FILTER)
        .build();
  }

  /**
   * A doc-values-only range over {@code [min, max]} on {@code name}'s numeric or sorted-numeric doc
   * values, as luceneutil's {@code dvrange//} and {@code +dvRangeFilter=} build it: on a skipper
   * field (10.x) Lucene's range query skips blocks by the skip index.
   */
  Query dvRange(String name, long min, long max) throws UnsupportedTaskException {
    String field =
        LegacyFields.resolve(
            fieldInfos,
            name,
            i ->
                i.getDocValuesType() == DocValuesType.NUMERIC
                    || i.getDocValuesType() == DocValuesType.SORTED_NUMERIC);
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null && isSkipperField(field) && !SkipperFields.available()) {
      throw new UnsupportedTaskException(SkipperFields.missingReason() + ": no field " + field);
    }
    if (info != null && info.getDocValuesType() == DocValuesType.NUMERIC) {
      return NumericDocValuesField.newSlowRangeQuery(field, min, max);
    }
    if (info != null && info.getDocValuesType() == DocValuesType.SORTED_NUMERIC) {
      return SortedNumericDocValuesField.newSlowRangeQuery(field, min, max);
    }
    throw new UnsupportedTaskException("index has no numeric doc values field '" + field + "'");
  }

  /** The grouping task of a {@code group100//}-style prefix, one of {@link #GROUPINGS}. */
  CompiledTask grouping(String prefix, Query query, DocKeys keys) throws UnsupportedTaskException {
    GroupingTask.Kind kind;
    String field = null;
    switch (prefix) {
      case "groupblock" -> kind = GroupingTask.Kind.BLOCK;
      case "groupblock1pass" -> kind = GroupingTask.Kind.BLOCK_ONE_PASS;
      case "group100", "group10K", "group100K", "group1M" -> {
        kind = GroupingTask.Kind.TERM;
        field = prefix;
      }
      default -> throw new IllegalArgumentException("not a grouping prefix: " + prefix);
    }
    if (field != null) {
      FieldInfo info = fieldInfos.fieldInfo(field);
      if (info == null || info.getDocValuesType() != DocValuesType.SORTED) {
        throw new UnsupportedTaskException(
            "index has no sorted doc values group field '" + field + "'");
      }
    } else if (fieldInfos.fieldInfo(QueryFields.GROUP_END) == null) {
      throw new UnsupportedTaskException(
          "index was not built in document blocks (no '" + QueryFields.GROUP_END + "' field)");
    }
    requireGroupingModule();
    return new GroupingTask(query, kind, field);
  }

  private void requireGroupingModule() throws UnsupportedTaskException {
    if (groupingMissing == null) {
      try {
        Class.forName(
            "org.apache.lucene.search.grouping.GroupingSearch",
            false,
            QueryOperators.class.getClassLoader());
        groupingMissing = "";
      } catch (ClassNotFoundException | LinkageError e) {
        groupingMissing = "the grouping module (lucene-grouping) is not on the classpath";
      }
    }
    if (!groupingMissing.isEmpty()) {
      throw new UnsupportedTaskException(groupingMissing);
    }
  }

  private FieldInfo pointField(String field, String asked) throws UnsupportedTaskException {
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null
        || info.getPointDimensionCount() != 1
        || (info.getPointNumBytes() != Integer.BYTES && info.getPointNumBytes() != Long.BYTES)) {
      throw new UnsupportedTaskException(
          "index has no one-dimensional int or long point field '" + asked + "'");
    }
    return info;
  }

  private static boolean isSkipperField(String field) {
    return Arrays.asList(
            QueryFields.LAST_MOD_SKIPPER,
            QueryFields.MONTH_SKIPPER,
            QueryFields.DAY_OF_YEAR_SKIPPER,
            QueryFields.TITLE_SKIPPER)
        .contains(field);
  }

  static long number(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a whole number: '" + s + "'");
    }
  }
}
