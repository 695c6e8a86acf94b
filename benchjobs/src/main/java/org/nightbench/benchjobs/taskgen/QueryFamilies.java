package org.nightbench.benchjobs.taskgen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.StringJoiner;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LegacyFields;
import org.nightbench.benchjobs.indexing.QueryFields;

/**
 * Candidates of the nightly's filtered, minimum-should-match, int-set, doc-values range, skipper
 * sort and grouping categories, mostly the term, phrase and range families' own candidates with an
 * operator put around them, in luceneutil's syntax ({@code +filter=5%}, {@code group100//} ...).
 */
final class QueryFamilies {

  /** luceneutil's nightly filters at 5 %. */
  static final String FILTER = " +filter=5%";

  /** luceneutil's nightly: title and body, the title weighted 8 for BM25F, not for dismax. */
  static final String DISMAX = " +dismaxFields=titleTokenized,body";

  static final String COMBINED = " +combinedFields=titleTokenized^8.0,body";

  /** Values per {@code intSet//} task, as luceneutil's nightly. */
  static final int INT_SET_VALUES = 50;

  /** Words per OrMany task: enough to make a many-clause disjunction. */
  static final int OR_MANY_WORDS = 30;

  private static final int SECONDS_PER_DAY = 86_400;

  /** How many times more random word combinations are tried than other candidates. */
  static final int CONJUNCTION_TRIES = 20;

  /** Share of the date span a narrow / wide {@code dvrange//} covers. */
  static final double NARROW = 0.01;

  static final double WIDE = 0.5;

  /** Share of the date span a {@code +dvRangeFilter=} on the dates keeps. */
  static final double FILTER_YEAR = 0.1;

  /**
   * Where luceneutil's nightly puts its {@code +searchAfter=} values: about the 90th percentile.
   */
  static final double AFTER_PERCENTILE = 0.9;

  private final IndexReader reader;
  private final FieldInfos fieldInfos;
  private final TermBands bands;
  private final TermFamilies terms;
  private final PhraseFamilies phrases;
  private final FieldFamilies fields;
  private final Random random;
  private final int attempts;

  QueryFamilies(
      IndexReader reader,
      TermBands bands,
      TermFamilies terms,
      PhraseFamilies phrases,
      FieldFamilies fields,
      Random random,
      int perCategory) {
    this.reader = reader;
    this.fieldInfos = FieldInfos.getMergedFieldInfos(reader);
    this.bands = bands;
    this.terms = terms;
    this.phrases = phrases;
    this.fields = fields;
    this.random = random;
    this.attempts = perCategory * 10;
  }

  /** Candidates for {@code category}, or null when it is none of these families. */
  List<Candidate> candidates(String category) throws IOException {
    List<String> h = bands.high;
    List<String> m = bands.med;
    return switch (category) {
      case "FilteredTerm" -> map(terms.candidates("HighTerm"), q -> q + FILTER);
      case "FilteredAndHighHigh" -> map(terms.candidates("AndHighHigh"), q -> q + FILTER);
      case "FilteredAndHighMed" -> map(terms.candidates("AndHighMed"), q -> q + FILTER);
      case "FilteredOrHighHigh" -> map(terms.candidates("OrHighHigh"), q -> q + FILTER);
      case "FilteredOrHighMed" -> map(terms.candidates("OrHighMed"), q -> q + FILTER);
      case "FilteredPhrase" -> map(phrases.candidates("HighPhrase"), q -> q + FILTER);
      case "FilteredPrefix3" -> map(terms.candidates("Prefix3"), q -> q + FILTER);
      case "FilteredIntNRQ" -> map(fields.candidates("IntNRQ", bands), q -> q + FILTER);
      case "FilteredOr3Terms" -> words(w -> join(w, "", " ") + FILTER, h, m, m);
      // Conjunctions of frequent words: a 5 % filter of a small corpus leaves few documents.
      case "FilteredAnd3Terms" -> words(w -> join(w, "+", " ") + FILTER, h, h, h);
      case "FilteredOrStopWords" -> words(w -> join(w, "", " ") + FILTER, top(), top(), top());
      case "FilteredAndStopWords" -> words(w -> join(w, "+", " ") + FILTER, top(), top(), top());
      case "FilteredOr2Terms2StopWords" ->
          words(w -> join(w, "", " ") + FILTER, m, top(), top(), m);
      case "FilteredAnd2Terms2StopWords" ->
          words(w -> join(w, "+", " ") + FILTER, h, top(), top(), h);
      case "FilteredOrMany" -> orMany(q -> q + FILTER);
      case "CountFilteredOrHighHigh" ->
          map(terms.candidates("OrHighHigh"), q -> "count(" + q + FILTER + ")");
      case "CountFilteredOrHighMed" ->
          map(terms.candidates("OrHighMed"), q -> "count(" + q + FILTER + ")");
      case "CountFilteredPhrase" ->
          map(phrases.candidates("HighPhrase"), q -> "count(" + q + FILTER + ")");
      case "CountFilteredIntNRQ" ->
          map(fields.candidates("IntNRQ", bands), q -> "count(" + q + FILTER + ")");
      case "CountFilteredOrMany" -> orMany(q -> "count(" + q + FILTER + ")");
      case "FilteredDismaxTerm" -> map(terms.candidates("HighTerm"), q -> q + DISMAX + FILTER);
      case "FilteredDismaxOrHighHigh" ->
          map(terms.candidates("OrHighHigh"), q -> q + DISMAX + FILTER);
      case "FilteredDismaxOrHighMed" ->
          map(terms.candidates("OrHighMed"), q -> q + DISMAX + FILTER);
      case "DismaxTerm" -> map(terms.candidates("HighTerm"), q -> q + DISMAX);
      case "DismaxOrHighHigh" -> map(terms.candidates("OrHighHigh"), q -> q + DISMAX);
      case "DismaxOrHighMed" -> map(terms.candidates("OrHighMed"), q -> q + DISMAX);
      case "CombinedTerm" -> map(terms.candidates("HighTerm"), q -> q + COMBINED);
      case "CombinedOrHighHigh" -> map(terms.candidates("OrHighHigh"), q -> q + COMBINED);
      case "CombinedOrHighMed" -> map(terms.candidates("OrHighMed"), q -> q + COMBINED);
      case "CombinedAndHighHigh" -> map(terms.candidates("AndHighHigh"), q -> q + COMBINED);
      case "CombinedAndHighMed" -> map(terms.candidates("AndHighMed"), q -> q + COMBINED);
      case "BM25MSM2" -> words(w -> join(w, "", " ") + " +minShouldMatch=2", h, h, m, m);
      case "ConstMSM2" ->
          words(w -> "const//" + join(w, "", " ") + " +minShouldMatch=2", h, h, m, m);
      case "IntSet" -> intSets();
      case "DVRangeNarrow" -> dvRanges(NARROW, null);
      case "DVRangeWide" -> dvRanges(WIDE, null);
      case "TermWithDVRangeNarrow" -> dvRanges(NARROW, h);
      case "TermWithDVRangeWide" -> dvRanges(WIDE, h);
      // luceneutil's: a frequent word filtered by a doc-values range (+dvRangeFilter=).
      case "TermWithDVRangeLastMod" -> dvRangeFilters(h, QueryFields.LAST_MOD_SKIPPER);
      case "TermWithDVRangeDayOfYear" -> dvRangeFilters(h, QueryFields.DAY_OF_YEAR_SKIPPER);
      // luceneutil's counted doc-values ranges on the day of the year: a month, half a year.
      case "DVRangeDayOfYearNarrow" -> dayOfYearRanges(30);
      case "DVRangeDayOfYearWide" -> dayOfYearRanges(183);
      case "TermTitleSortSkipper" -> terms.singles(h, t -> "titleskippersort//" + t);
      case "TermMonthSortSkipper" -> terms.singles(h, t -> "monthskippersort//" + t);
      case "TermDayOfYearSortSkipper" -> terms.singles(h, t -> "dayofyearskippersort//" + t);
      case "TermDateTimeSortSkipper" -> terms.singles(h, t -> "lastmodskippersort//" + t);
      // This harness's older categories: the page after the first (a bare +searchAfter).
      case "TermDayOfYearSkipperSearchAfter" ->
          terms.singles(h, t -> "dayofyearskippersort//" + t + " +searchAfter");
      case "TermDateTimeSkipperSearchAfter" ->
          terms.singles(h, t -> "lastmodskippersort//" + t + " +searchAfter");
      // luceneutil's: the page after a value about the 90th percentile, as its nightly picks.
      case "TermDayOfYearSortSearchAfter" ->
          after(h, "dayofyeardvsort//", BenchmarkDocuments.DAY_OF_YEAR);
      case "TermDateTimeSortSkipperSearchAfter" ->
          after(h, "lastmodskippersort//", BenchmarkDocuments.LAST_MOD);
      case "TermGroup100" -> terms.singles(h, t -> "group100//" + t);
      case "TermGroup10K" -> terms.singles(h, t -> "group10K//" + t);
      case "TermGroup1M" -> terms.singles(h, t -> "group1M//" + t);
      case "TermBGroup1M" -> terms.singles(h, t -> "groupblock//" + t);
      case "TermBGroup1M1P" -> terms.singles(h, t -> "groupblock1pass//" + t);
      default -> null;
    };
  }

  /**
   * One header line recording what the group fields hold on this index: a cardinality above the
   * corpus size is capped by it (one group per document).
   */
  String describe() throws IOException {
    StringJoiner j = new StringJoiner(" ", "group fields (distinct values): ", "");
    for (String field : QueryFields.GROUP_FIELDS) {
      j.add(field + "=" + distinct(field) + "/" + QueryFields.cardinality(field));
    }
    j.add(
        QueryFields.GROUP_BLOCK
            + "="
            + distinct(QueryFields.GROUP_BLOCK)
            + " blocks of "
            + QueryFields.BLOCK_DOCS
            + " docs ("
            + reader.docFreq(new Term(QueryFields.GROUP_END, QueryFields.GROUP_END_VALUE))
            + " block ends)");
    return j.toString();
  }

  private long distinct(String field) throws IOException {
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null || info.getDocValuesType() != DocValuesType.SORTED) {
      return 0;
    }
    SortedDocValues values = MultiDocValues.getSortedValues(reader, field);
    return values == null ? 0 : values.getValueCount();
  }

  /** The most frequent words: the nearest a corpus has to stop words. */
  private List<String> top() {
    List<String> sorted = new ArrayList<>(bands.high);
    sorted.sort((a, b) -> Integer.compare(docFreq(b), docFreq(a)));
    return sorted.subList(0, Math.min(20, sorted.size()));
  }

  private int docFreq(String word) {
    try {
      return reader.docFreq(new Term(BenchmarkDocuments.BODY, word));
    } catch (IOException e) {
      return 0;
    }
  }

  private List<Candidate> orMany(UnaryOperator<String> wrap) {
    List<String> all = new ArrayList<>(bands.high);
    all.addAll(bands.med);
    all.addAll(bands.low);
    List<Candidate> out = new ArrayList<>();
    if (all.size() < OR_MANY_WORDS) {
      return out;
    }
    for (int i = 0; i < attempts; i++) {
      List<String> words = new ArrayList<>();
      while (words.size() < OR_MANY_WORDS) {
        String w = all.get(random.nextInt(all.size()));
        if (!words.contains(w)) {
          words.add(w);
        }
      }
      out.add(new Candidate(wrap.apply(String.join(" ", words)), null));
    }
    return out;
  }

  /** Random distinct words, one from each list in turn. */
  @SafeVarargs
  private List<Candidate> words(
      java.util.function.Function<String[], String> toQuery, List<String>... from) {
    List<Candidate> out = new ArrayList<>();
    for (List<String> list : from) {
      if (list.isEmpty()) {
        return out;
      }
    }
    // Conjunctions of several words under a 5 % filter rarely match: many more tries than others.
    for (int i = 0; i < attempts * CONJUNCTION_TRIES; i++) {
      String[] w = new String[from.length];
      for (int k = 0; k < from.length; k++) {
        w[k] = from[k].get(random.nextInt(from[k].size()));
      }
      if (List.of(w).stream().distinct().count() == w.length) {
        out.add(new Candidate(toQuery.apply(w), bands.freqs(w)));
      }
    }
    return out;
  }

  /**
   * Sets of {@value #INT_SET_VALUES} seconds of the day: one within the span the corpus has (a
   * corpus whose dates carry no time has only second 0), the others anywhere in the day.
   */
  private List<Candidate> intSets() throws IOException {
    List<Candidate> out = new ArrayList<>();
    String field = BenchmarkDocuments.TIMESECNUM;
    long[] span = fields.span(field);
    if (span == null) {
      return out;
    }
    for (int i = 0; i < attempts; i++) {
      StringBuilder q = new StringBuilder("intSet//").append(field);
      // The first value within the corpus's span, the rest over the day as luceneutil draws them.
      q.append(' ').append(span[0] + (long) (random.nextDouble() * (span[1] - span[0] + 1)));
      for (int k = 1; k < INT_SET_VALUES; k++) {
        q.append(' ').append(random.nextInt(SECONDS_PER_DAY));
      }
      out.add(new Candidate(q.toString(), null));
    }
    return out;
  }

  /** {@code count(dvrange//dayOfYear_skipper a b)} over {@code days} days, as luceneutil's. */
  private List<Candidate> dayOfYearRanges(int days) {
    List<Candidate> out = new ArrayList<>();
    for (int i = 0; i < attempts; i++) {
      int from = 1 + random.nextInt(366 - days);
      out.add(
          new Candidate(
              String.format(
                  Locale.ROOT,
                  "count(dvrange//%s %d %d)",
                  QueryFields.DAY_OF_YEAR_SKIPPER,
                  from,
                  from + days),
              null));
    }
    return out;
  }

  /**
   * A word of {@code band} with {@code +dvRangeFilter=field,min,max}, the range as luceneutil's
   * nightly has it: on the last-modified dates a window of {@link #FILTER_YEAR} of the dates' span
   * (luceneutil's is the year 2011 of Wikipedia's), on the day of the year days 60 to 180.
   */
  private List<Candidate> dvRangeFilters(List<String> band, String field) throws IOException {
    List<Candidate> out = new ArrayList<>();
    String range;
    if (field.equals(QueryFields.DAY_OF_YEAR_SKIPPER)) {
      range = "60,180";
    } else {
      long[] span =
          fields.span(
              LegacyFields.resolve(
                  fieldInfos, BenchmarkDocuments.LAST_MOD, i -> i.getPointDimensionCount() == 1));
      if (span == null) {
        return out;
      }
      long width = Math.max(1, (long) ((span[1] - span[0]) * FILTER_YEAR));
      long from = span[0] + (long) (random.nextDouble() * Math.max(1, span[1] - span[0] - width));
      range = from + "," + (from + width);
    }
    List<String> words = new ArrayList<>(band);
    java.util.Collections.shuffle(words, random);
    for (String t : words) {
      out.add(new Candidate(t + " +dvRangeFilter=" + field + "," + range, bands.freqs(t)));
    }
    return out;
  }

  /**
   * Ranges over the dates' skipper field covering {@code share} of their span, optionally required
   * together with a word of {@code band}.
   */
  private List<Candidate> dvRanges(double share, List<String> band) throws IOException {
    List<Candidate> out = new ArrayList<>();
    long[] span =
        fields.span(
            LegacyFields.resolve(
                fieldInfos, BenchmarkDocuments.LAST_MOD, i -> i.getPointDimensionCount() == 1));
    if (span == null) {
      return out;
    }
    long width = Math.max(1, (long) ((span[1] - span[0]) * share));
    for (int i = 0; i < attempts; i++) {
      long from = span[0] + (long) (random.nextDouble() * Math.max(1, span[1] - span[0] - width));
      String q =
          String.format(
              Locale.ROOT, "dvrange//%s %d %d", QueryFields.LAST_MOD_SKIPPER, from, from + width);
      if (band != null) {
        if (band.isEmpty()) {
          return out;
        }
        String t = band.get(random.nextInt(band.size()));
        out.add(new Candidate(q + " " + t, bands.freqs(t)));
      } else {
        out.add(new Candidate(q, null));
      }
    }
    return out;
  }

  /**
   * Single-term sorted tasks of {@code band} paging after the 90th percentile of {@code field}'s
   * values ({@code +searchAfter=N}); none when the index has no such values.
   */
  private List<Candidate> after(List<String> band, String prefix, String field) throws IOException {
    long[] values = numericValues(field);
    if (values.length == 0) {
      return List.of();
    }
    Arrays.sort(values);
    long p90 = values[(int) (values.length * AFTER_PERCENTILE)];
    return terms.singles(band, t -> prefix + t + " +searchAfter=" + p90);
  }

  /** Every document's value of numeric doc-values field {@code field} (or its legacy twin). */
  private long[] numericValues(String field) throws IOException {
    String resolved =
        LegacyFields.resolve(fieldInfos, field, i -> i.getDocValuesType() != DocValuesType.NONE);
    LongStream.Builder out = LongStream.builder();
    for (LeafReaderContext leaf : reader.leaves()) {
      SortedNumericDocValues dv = DocValues.getSortedNumeric(leaf.reader(), resolved);
      while (dv.nextDoc() != DocIdSetIterator.NO_MORE_DOCS) {
        out.add(dv.nextValue());
      }
    }
    return out.build().toArray();
  }

  private static List<Candidate> map(List<Candidate> base, UnaryOperator<String> wrap) {
    List<Candidate> out = new ArrayList<>(base.size());
    for (Candidate c : base) {
      out.add(new Candidate(wrap.apply(c.query()), c.comment()));
    }
    return out;
  }

  private static String join(String[] words, String prefix, String sep) {
    StringJoiner j = new StringJoiner(sep);
    for (String w : words) {
      j.add(prefix + w);
    }
    return j.toString();
  }
}
