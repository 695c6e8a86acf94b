package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.facet.taxonomy.FastTaxonomyFacetCounts;
import org.apache.lucene.facet.taxonomy.TaxonomyReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;

/**
 * Facet counts of the top children of some dimensions, taxonomy ({@code +facets:taxonomy:Date}, or
 * the older {@code +facets:Date.taxonomy}) or sorted-set ({@code +facets:sortedset:Month}), as
 * luceneutil's SearchTask: a match-all query counts every document without collecting hits (the
 * Browse tasks); any other query collects its top 10 hits and the matching documents, then counts
 * each dimension from them.
 */
final class FacetTask implements CompiledTask {

  private static final int TOP_CHILDREN = 10;
  private static final int TOP_HITS = 10;

  /** One dimension to count: a sorted-set state, or a taxonomy index field. */
  record Request(String dim, SortedSetDocValuesReaderState state, String taxonomyField) {
    static Request sortedSet(String dim, SortedSetDocValuesReaderState state) {
      return new Request(dim, state, null);
    }

    static Request taxonomy(String dim, String field) {
      return new Request(dim, null, field);
    }
  }

  private final Query query;
  private final List<Request> requests;
  private final IndexReader reader;
  private final TaxonomyReader taxonomy;
  private final FacetsConfig config;

  FacetTask(
      Query query,
      List<Request> requests,
      IndexReader reader,
      TaxonomyReader taxonomy,
      FacetsConfig config) {
    this.query = query;
    this.requests = List.copyOf(requests);
    this.reader = reader;
    this.taxonomy = taxonomy;
    this.config = config;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    long sum = 0;
    for (FacetResult r : facets(searcher)) {
      sum += r.childCount + r.value.longValue();
    }
    return sum;
  }

  /**
   * Hashes each dimension's top children with ties broken by label: Lucene breaks them by ordinal,
   * and taxonomy ordinals follow the order documents reached the writer, which differs between
   * indexing threads and so between two builds of the same index.
   */
  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    TopHash hash = new TopHash();
    for (FacetResult r : facets(searcher, Integer.MAX_VALUE)) {
      hash.add(r.dim + "=" + r.value);
      Arrays.stream(r.labelValues)
          .sorted(BY_COUNT_THEN_LABEL)
          .limit(TOP_CHILDREN)
          .forEach(lv -> hash.add(lv.label + "=" + lv.value));
    }
    return new Outcome(searcher.count(query), hash.hex());
  }

  private static final Comparator<LabelAndValue> BY_COUNT_THEN_LABEL =
      Comparator.comparingDouble((LabelAndValue lv) -> -lv.value.doubleValue())
          .thenComparing(lv -> lv.label);

  private FacetResult[] facets(IndexSearcher searcher) throws IOException {
    return facets(searcher, TOP_CHILDREN);
  }

  /** Every dimension's top {@code topN} children; all of them for {@code Integer.MAX_VALUE}. */
  private FacetResult[] facets(IndexSearcher searcher, int topN) throws IOException {
    boolean all = query instanceof MatchAllDocsQuery;
    FacetsCollector hits = all ? null : collect(searcher);
    FacetResult[] out = new FacetResult[requests.size()];
    for (int i = 0; i < out.length; i++) {
      Request r = requests.get(i);
      Facets counts;
      if (r.state() != null) {
        counts =
            all
                ? new SortedSetDocValuesFacetCounts(r.state())
                : new SortedSetDocValuesFacetCounts(r.state(), hits);
      } else {
        counts =
            all
                ? new FastTaxonomyFacetCounts(r.taxonomyField(), reader, taxonomy, config)
                : new FastTaxonomyFacetCounts(r.taxonomyField(), taxonomy, config, hits);
      }
      out[i] = counts.getTopChildren(TOP_CHILDREN, r.dim());
      if (topN > TOP_CHILDREN && out[i] != null && out[i].childCount > TOP_CHILDREN) {
        out[i] = counts.getTopChildren(out[i].childCount, r.dim());
      }
      if (out[i] == null) {
        // Lucene returns null for a dimension no matching document has; an empty result then.
        out[i] = new FacetResult(r.dim(), new String[0], 0, new LabelAndValue[0], 0);
      }
    }
    return out;
  }

  private FacetsCollector collect(IndexSearcher searcher) throws IOException {
    try {
      return FacetsCollectorManager.search(searcher, query, TOP_HITS, new FacetsCollectorManager())
          .facetsCollector();
    } catch (NoSuchMethodError e) {
      // Before 9.11 the manager has no search helper: collect the matches alone.
      return searcher.search(query, new FacetsCollectorManager());
    }
  }
}
