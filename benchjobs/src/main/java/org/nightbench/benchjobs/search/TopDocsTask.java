package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.lucene.search.FieldDoc;
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

  /**
   * Hashes the answer so that only a different answer changes it. Hits that tie (same score, or
   * same sort values) come in docid order, and docids differ between two builds of the same corpus
   * by several threads: within a tie the keys are hashed sorted, and of the tie at the cut-off,
   * which documents made it in is arbitrary, so only its value and size count.
   */
  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    ScoreDoc[] hits = search(searcher).scoreDocs;
    TopHash hash = new TopHash();
    boolean cut = hits.length == topN;
    for (int start = 0; start < hits.length; ) {
      String tie = tieKey(hits[start]);
      int end = start + 1;
      while (end < hits.length && tieKey(hits[end]).equals(tie)) {
        end++;
      }
      if (cut && end == hits.length) {
        hash.add(tie + " x" + (end - start) + " at the cut-off");
      } else {
        List<String> tied = new ArrayList<>(end - start);
        for (int i = start; i < end; i++) {
          tied.add(keys.key(hits[i].doc));
        }
        Collections.sort(tied);
        for (String key : tied) {
          hash.add(key + '\u0000' + tie);
        }
      }
      start = end;
    }
    // count() rather than TopDocs.totalHits: exact on every version, and totalHits changed shape.
    return new Outcome(searcher.count(query), hash.hex());
  }

  /** What ranks a hit: its score's bits, or for sorted hits (NaN scores) its sort values. */
  private static String tieKey(ScoreDoc hit) {
    if (hit instanceof FieldDoc field && Float.isNaN(hit.score)) {
      return Arrays.toString(field.fields);
    }
    return Integer.toHexString(Float.floatToIntBits(hit.score));
  }

  private TopDocs search(IndexSearcher searcher) throws IOException {
    return sort == null ? searcher.search(query, topN) : searcher.search(query, topN, sort);
  }
}
