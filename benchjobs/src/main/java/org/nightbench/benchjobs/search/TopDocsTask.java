package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;

/** The top N hits of a query, by score or by a doc-values sort, as luceneutil's SearchTask. */
final class TopDocsTask implements CompiledTask {

  private final Query query;
  private final Sort sort;
  private final int topN;
  private final DocKeys keys;

  /**
   * @param sort null to rank by score
   */
  TopDocsTask(Query query, Sort sort, int topN, DocKeys keys) {
    this.query = query;
    this.sort = sort;
    this.topN = topN;
    this.keys = keys;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    ScoreDoc[] sd = search(searcher).scoreDocs;
    return sd.length == 0 ? 0 : sd.length + sd[0].doc;
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    TopHash hash = new TopHash();
    for (ScoreDoc sd : search(searcher).scoreDocs) {
      // Sorted hits carry NaN scores; their order alone pins the answer.
      hash.add(keys.key(sd.doc), sd.score);
    }
    // count() rather than TopDocs.totalHits: exact on every version, and totalHits changed shape.
    return new Outcome(searcher.count(query), hash.hex());
  }

  private TopDocs search(IndexSearcher searcher) throws IOException {
    return sort == null ? searcher.search(query, topN) : searcher.search(query, topN, sort);
  }
}
