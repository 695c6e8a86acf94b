package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;

/**
 * The second page of a sorted search ({@code +searchAfter}): the first page is fetched once, when
 * the task is first run, and every timed run asks for the {@code topN} hits after its last hit, as
 * a user paging through sorted results does.
 */
final class SearchAfterTask implements CompiledTask {

  private final Query query;
  private final Sort sort;
  private final int topN;
  // Set once; a race between search threads computes the same page twice, which is harmless.
  private volatile FieldDoc after;
  private volatile boolean firstPageEmpty;

  SearchAfterTask(Query query, Sort sort, int topN) {
    this.query = query;
    this.sort = sort;
    this.topN = topN;
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

  private TopDocs page(IndexSearcher searcher) throws IOException {
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
