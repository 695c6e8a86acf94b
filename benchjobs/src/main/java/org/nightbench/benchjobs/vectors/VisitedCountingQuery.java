package org.nightbench.benchjobs.vectors;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;

/**
 * A KNN query that counts the graph nodes its search visited, as luceneutil's KnnGraphTester
 * reports them: each segment's approximate search returns its visited count as its total hits,
 * which Lucene sums nowhere the caller can see, so this reads them as the segments' results are
 * merged. A release whose query never calls that hook leaves the count at 0 (not reported).
 */
final class VisitedCountingQuery extends KnnFloatVectorQuery {

  /**
   * {@code TotalHits.value}: a public field through 9.x, a record accessor from 10.0; the harness
   * is compiled against 9.12 and runs on both.
   */
  private static final MethodHandle TOTAL_HITS_VALUE = totalHitsValue();

  private long visited;

  VisitedCountingQuery(String field, float[] target, int k, Query filter) {
    super(field, target, k, filter);
  }

  @Override
  protected TopDocs mergeLeafResults(TopDocs[] perLeafResults) {
    long sum = 0;
    for (TopDocs leaf : perLeafResults) {
      sum += value(leaf.totalHits);
    }
    visited = sum;
    return super.mergeLeafResults(perLeafResults);
  }

  /** Nodes visited by the last search of this query, over all segments. */
  long visited() {
    return visited;
  }

  private static long value(TotalHits hits) {
    try {
      return (long) TOTAL_HITS_VALUE.invoke(hits);
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read TotalHits.value: " + e, e);
    }
  }

  private static MethodHandle totalHitsValue() {
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    try {
      return lookup.findVirtual(TotalHits.class, "value", MethodType.methodType(long.class));
    } catch (ReflectiveOperationException e) {
      try {
        return lookup.findGetter(TotalHits.class, "value", long.class);
      } catch (ReflectiveOperationException e2) {
        throw new ExceptionInInitializerError(e2);
      }
    }
  }
}
