package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;

/**
 * Looks up a batch of primary keys segment by segment through the terms dictionary ({@code pk//id1
 * id2 ...}), as luceneutil's PKLookup: the cost of an update's delete-by-id.
 */
final class PkLookupTask implements CompiledTask {

  private final BytesRef[] ids;

  PkLookupTask(List<String> ids) {
    this.ids = ids.stream().map(BytesRef::new).toArray(BytesRef[]::new);
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    long sum = 0;
    for (int doc : lookup(searcher)) {
      sum += doc;
    }
    return sum;
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    int[] docs = lookup(searcher);
    TopHash hash = new TopHash();
    long found = 0;
    for (int i = 0; i < ids.length; i++) {
      found += docs[i] >= 0 ? 1 : 0;
      hash.add(ids[i].utf8ToString() + (docs[i] >= 0 ? "+" : "-"));
    }
    return new Outcome(found, hash.hex());
  }

  /** The top-level doc of each id, or -1. */
  private int[] lookup(IndexSearcher searcher) throws IOException {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    TermsEnum[] enums = new TermsEnum[leaves.size()];
    for (int i = 0; i < enums.length; i++) {
      Terms terms = leaves.get(i).reader().terms(BenchmarkDocuments.ID);
      enums[i] = terms == null ? null : terms.iterator();
    }
    int[] docs = new int[ids.length];
    PostingsEnum postings = null;
    for (int k = 0; k < ids.length; k++) {
      docs[k] = -1;
      // Newest segments last: a key updated in place lives in the last segment that has it live.
      for (int i = enums.length - 1; i >= 0 && docs[k] < 0; i--) {
        if (enums[i] == null || !enums[i].seekExact(ids[k])) {
          continue;
        }
        postings = enums[i].postings(postings, PostingsEnum.NONE);
        Bits live = leaves.get(i).reader().getLiveDocs();
        for (int d = postings.nextDoc();
            d != DocIdSetIterator.NO_MORE_DOCS;
            d = postings.nextDoc()) {
          if (live == null || live.get(d)) {
            docs[k] = leaves.get(i).docBase + d;
            break;
          }
        }
      }
    }
    return docs;
  }
}
