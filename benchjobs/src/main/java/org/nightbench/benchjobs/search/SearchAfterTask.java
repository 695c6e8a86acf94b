package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;

/**
 * A later page of a sorted search. luceneutil's {@code +searchAfter=N} pages after the sort value N
 * (every hit of value N and before it is skipped); this harness's older bare {@code +searchAfter}
 * asks for the second page: the first is fetched once, when the task is first run, and every timed
 * run asks for the {@code topN} hits after its last hit, as a user paging through results does.
 */
final class SearchAfterTask implements CompiledTask {

  private final Query query;
  private final Sort sort;
  private final int topN;
  // Set once; a race between search threads computes the same page twice, which is harmless.
  private volatile FieldDoc after;
  private volatile boolean firstPageEmpty;

  /**
   * @param after the hit to page after ({@code +searchAfter=N}); null for the page after the first
   */
  SearchAfterTask(Query query, Sort sort, int topN, FieldDoc after) {
    this.query = query;
    this.sort = sort;
    this.topN = topN;
    this.after = after;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    ScoreDoc[] sd = page(searcher).scoreDocs;
    return sd.length == 0 ? 0 : sd.length + sd[0].doc;
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    ScoreDoc[] hits = page(searcher).scoreDocs;
    TopHash hash = new TopHash();
    for (ScoreDoc hit : hits) {
      // Sort values, not doc ids: ties in value are in doc id order, which builds do not share.
      hash.add(java.util.Arrays.toString(((FieldDoc) hit).fields));
    }
    return new Outcome(searcher.count(query), hash.hex());
  }

  /** The page this task times (package-visible for tests). */
  TopDocs page(IndexSearcher searcher) throws IOException {
    if (after == null && !firstPageEmpty) {
      ScoreDoc[] first = searcher.search(query, topN, sort).scoreDocs;
      if (first.length == 0) {
        firstPageEmpty = true;
      } else {
        after = (FieldDoc) first[first.length - 1];
      }
    }
    if (after == null) {
      return searcher.search(query, topN, sort);
    }
    return searcher.searchAfter(after, query, topN, sort);
  }
}
