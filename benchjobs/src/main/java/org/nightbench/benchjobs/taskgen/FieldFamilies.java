package org.nightbench.benchjobs.taskgen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LegacyFields;

/**
 * Candidates that need more than the body field: numeric ranges, doc-values sorts and primary-key
 * lookups (facets: {@link FacetFamilies}), over the fields {@link BenchmarkDocuments} adds.
 */
final class FieldFamilies {

  /** Keys per PKLookup task; luceneutil looks up thousands, this keeps a task line readable. */
  static final int KEYS_PER_LOOKUP = 100;

  private final IndexReader reader;
  private final FieldInfos fieldInfos;
  private final TermFamilies terms;
  private final Random random;
  private final int attempts;

  FieldFamilies(IndexReader reader, TermFamilies terms, Random random, int perCategory) {
    this.reader = reader;
    this.fieldInfos = FieldInfos.getMergedFieldInfos(reader);
    this.terms = terms;
    this.random = random;
    this.attempts = perCategory * 10;
  }

  /** Candidates for {@code category}, or null when it is not a field family. */
  List<Candidate> candidates(String category, TermBands bands) throws IOException {
    return switch (category) {
      case "IntNRQ" -> ranges();
      case "HighTermTitleSort" -> terms.singles(bands.high, t -> "titledvsort//" + t);
      case "HighTermTitleBDVSort" -> terms.singles(bands.high, t -> "titlebdvsort//" + t);
      case "HighTermMonthSort" -> terms.singles(bands.high, t -> "monthdvsort//" + t);
      case "HighTermDayOfYearSort" -> terms.singles(bands.high, t -> "dayofyeardvsort//" + t);
      case "TermDTSort" -> terms.singles(bands.high, t -> "lastmodndvsort//" + t);
      case "PKLookup" -> lookups();
      default -> null;
    };
  }

  /**
   * Ranges on the seconds of the day as luceneutil; a corpus whose dates carry no time (all zero)
   * gets ranges on the date itself instead.
   */
  private List<Candidate> ranges() throws IOException {
    long[] span = span(BenchmarkDocuments.TIMESECNUM);
    String field = BenchmarkDocuments.TIMESECNUM;
    if (span == null || span[0] == span[1]) {
      field =
          LegacyFields.resolve(
              fieldInfos, BenchmarkDocuments.LAST_MOD, i -> i.getPointDimensionCount() == 1);
      span = span(field);
    }
    List<Candidate> out = new ArrayList<>();
    if (span == null || span[0] == span[1]) {
      return out;
    }
    for (int i = 0; i < attempts; i++) {
      long a = span[0] + (long) (random.nextDouble() * (span[1] - span[0]));
      long b = span[0] + (long) (random.nextDouble() * (span[1] - span[0]));
      out.add(new Candidate("nrq//" + field + " " + Math.min(a, b) + " " + Math.max(a, b), null));
    }
    return out;
  }

  /** Min and max of a one-dimensional int or long point field, or null without one. */
  long[] span(String field) throws IOException {
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null || info.getPointDimensionCount() != 1) {
      return null;
    }
    byte[] min = PointValues.getMinPackedValue(reader, field);
    byte[] max = PointValues.getMaxPackedValue(reader, field);
    if (min == null || max == null) {
      return null;
    }
    return switch (info.getPointNumBytes()) {
      case Integer.BYTES ->
          new long[] {IntPoint.decodeDimension(min, 0), IntPoint.decodeDimension(max, 0)};
      case Long.BYTES ->
          new long[] {LongPoint.decodeDimension(min, 0), LongPoint.decodeDimension(max, 0)};
      default -> null;
    };
  }

  /** Batches of keys of random documents, read from the id doc values. */
  private List<Candidate> lookups() throws IOException {
    List<Candidate> out = new ArrayList<>();
    FieldInfo info = fieldInfos.fieldInfo(BenchmarkDocuments.ID);
    if (info == null || info.getDocValuesType() != org.apache.lucene.index.DocValuesType.SORTED) {
      return out;
    }
    List<LeafReaderContext> leaves = reader.leaves();
    for (int i = 0; i < attempts; i++) {
      List<String> keys = new ArrayList<>(KEYS_PER_LOOKUP);
      for (int k = 0; k < KEYS_PER_LOOKUP; k++) {
        int doc = random.nextInt(reader.maxDoc());
        LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        SortedDocValues ids = DocValues.getSorted(leaf.reader(), BenchmarkDocuments.ID);
        if (ids.advanceExact(doc - leaf.docBase)) {
          keys.add(ids.lookupOrd(ids.ordValue()).utf8ToString());
        }
      }
      if (!keys.isEmpty()) {
        out.add(new Candidate("pk//" + String.join(" ", keys), null));
      }
    }
    return out;
  }
}
