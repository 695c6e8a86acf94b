package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/** The ids of an index's live documents, read from the terms so no stored field is needed. */
public final class LiveIds {

  private LiveIds() {}

  /** Sorted numerically; {@code indexName} is for messages. */
  public static long[] read(IndexReader reader, String indexName) throws IOException {
    long[] ids = new long[Math.max(reader.numDocs(), 1)];
    int n = 0;
    boolean hasField = false;
    PostingsEnum postings = null;
    for (LeafReaderContext ctx : reader.leaves()) {
      LeafReader leaf = ctx.reader();
      Terms terms = leaf.terms(BenchmarkDocuments.ID);
      if (terms == null) {
        continue;
      }
      hasField = true;
      Bits live = leaf.getLiveDocs();
      TermsEnum te = terms.iterator();
      for (BytesRef term = te.next(); term != null; term = te.next()) {
        postings = te.postings(postings, PostingsEnum.NONE);
        if (firstLive(postings, live) == DocIdSetIterator.NO_MORE_DOCS) {
          continue;
        }
        if (n == ids.length) {
          ids = Arrays.copyOf(ids, n * 2);
        }
        ids[n++] = parse(term, indexName);
      }
    }
    if (!hasField || n == 0) {
      throw new IllegalArgumentException(
          "index " + indexName + " has no live documents with an '" + BenchmarkDocuments.ID + "'");
    }
    long[] out = Arrays.copyOf(ids, n);
    Arrays.sort(out);
    return out;
  }

  /** The first live doc of {@code postings}, or NO_MORE_DOCS: deleted docs keep their terms. */
  public static int firstLive(PostingsEnum postings, Bits live) throws IOException {
    int doc;
    while ((doc = postings.nextDoc()) != DocIdSetIterator.NO_MORE_DOCS) {
      if (live == null || live.get(doc)) {
        return doc;
      }
    }
    return doc;
  }

  private static long parse(BytesRef term, String indexName) {
    String s = term.utf8ToString();
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "index " + indexName + " has id '" + s + "', not a decimal number as the harness writes");
    }
  }
}
