package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.FixedBitSet;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;

/**
 * luceneutil's {@code +filter=N%} option: cut out of the task text, then the query runs as {@code
 * +query #RandomFilter(N%)}. Like luceneutil's RandomQuery, the filter keeps exactly one document
 * in every interval of {@code (int) (100 / N)}; which one is decided by a seeded hash of the
 * interval over corpus ids ({@code id} doc values), so every build of a corpus keeps the same
 * documents. The kept sets are built once per percentage for the reader.
 */
final class FilterSupport {

  /** luceneutil's pattern, leading space included. */
  private static final Pattern FILTER = Pattern.compile(" \\+filter=([0-9.]+)%");

  /** Fixed so runs agree; a different seed would keep other documents, not fewer. */
  static final long SEED = 0x6E6967687462656EL;

  private final IndexReader reader;
  private final Map<Double, List<KeptDocs>> kept = new HashMap<>();

  FilterSupport(IndexReader reader) {
    this.reader = reader;
  }

  /** Text and percentage of a task with its filter option cut out; percent is 0 without one. */
  record Cut(String text, double percent) {}

  static Cut cut(String text) {
    Matcher m = FILTER.matcher(text);
    if (!m.find()) {
      if (text.contains("+filter=")) {
        throw new IllegalArgumentException("expected ' +filter=N%' with 0 < N <= 100");
      }
      return new Cut(text, 0);
    }
    double percent;
    try {
      percent = Double.parseDouble(m.group(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a percentage: '" + m.group(1) + "'");
    }
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("filter percentage must be in (0, 100], got " + percent);
    }
    String rest = (text.substring(0, m.start()) + text.substring(m.end())).strip();
    if (rest.contains("+filter=")) {
      throw new IllegalArgumentException("more than one +filter= option");
    }
    return new Cut(rest, percent);
  }

  /** {@code query} restricted to the filter's documents. */
  Query apply(Query query, double percent) throws IOException, UnsupportedTaskException {
    return new BooleanQuery.Builder()
        .add(query, Occur.MUST)
        .add(filter(percent), Occur.FILTER)
        .build();
  }

  /** The filter itself, for a query that takes it inside (a pre-filtered KNN search). */
  Query filter(double percent) throws IOException, UnsupportedTaskException {
    return new RandomFilterQuery(percent, keptSets(percent));
  }

  private List<KeptDocs> keptSets(double percent) throws IOException, UnsupportedTaskException {
    List<KeptDocs> sets = kept.get(percent);
    if (sets != null) {
      return sets;
    }
    int interval = Math.max(1, (int) (100 / percent));
    sets = new ArrayList<>(reader.leaves().size());
    for (LeafReaderContext leaf : reader.leaves()) {
      var info = leaf.reader().getFieldInfos().fieldInfo(BenchmarkDocuments.ID);
      if (info == null || info.getDocValuesType() != org.apache.lucene.index.DocValuesType.SORTED) {
        throw new UnsupportedTaskException(
            "+filter= needs the id doc values this index lacks (it was not built by Nightbench)");
      }
      int maxDoc = leaf.reader().maxDoc();
      FixedBitSet bits = new FixedBitSet(maxDoc);
      SortedDocValues ids = DocValues.getSorted(leaf.reader(), BenchmarkDocuments.ID);
      for (int doc = ids.nextDoc(); doc < maxDoc; doc = ids.nextDoc()) {
        String id = ids.lookupOrd(ids.ordValue()).utf8ToString();
        long key;
        try {
          key = Long.parseLong(id);
        } catch (NumberFormatException e) {
          throw new UnsupportedTaskException("+filter= needs numeric ids, found id '" + id + "'");
        }
        if (keeps(key, interval)) {
          bits.set(doc);
        }
      }
      sets.add(KeptDocs.of(bits));
    }
    sets = List.copyOf(sets);
    kept.put(percent, sets);
    return sets;
  }

  /** Whether corpus id {@code id} is the one document its interval keeps. */
  static boolean keeps(long id, int interval) {
    long block = id / interval;
    return Math.floorMod(id, interval) == Math.floorMod(mix(SEED ^ block), interval);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
