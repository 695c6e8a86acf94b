package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;

/**
 * Sorted-set facet counts of the top children of some dimensions ({@code +facets:Month.sortedset}).
 * A match-all query counts every document without collecting hits, as luceneutil's Browse tasks.
 */
final class FacetTask implements CompiledTask {

  private static final int TOP_CHILDREN = 10;

  private final Query query;
  private final List<String> dims;
  private final SortedSetDocValuesReaderState state;

  FacetTask(Query query, List<String> dims, SortedSetDocValuesReaderState state) {
    this.query = query;
    this.dims = List.copyOf(dims);
    this.state = state;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    long sum = 0;
    for (FacetResult r : facets(searcher)) {
      sum += r.childCount + r.value.longValue();
    }
    return sum;
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    TopHash hash = new TopHash();
    for (FacetResult r : facets(searcher)) {
      hash.add(r.dim + "=" + r.value);
      for (LabelAndValue lv : r.labelValues) {
        hash.add(lv.label + "=" + lv.value);
      }
    }
    return new Outcome(searcher.count(query), hash.hex());
  }

  private List<FacetResult> facets(IndexSearcher searcher) throws IOException {
    Facets counts;
    if (query instanceof MatchAllDocsQuery) {
      counts = new SortedSetDocValuesFacetCounts(state);
    } else {
      FacetsCollector fc = searcher.search(query, new FacetsCollectorManager());
      counts = new SortedSetDocValuesFacetCounts(state, fc);
    }
    FacetResult[] out = new FacetResult[dims.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = counts.getTopChildren(TOP_CHILDREN, dims.get(i));
      if (out[i] == null) {
        // Lucene returns null for a dimension no document has.
        throw new IllegalArgumentException("facet dimension " + dims.get(i) + " has no values");
      }
    }
    return List.of(out);
  }
}
