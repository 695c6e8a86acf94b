package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;

/**
 * Names a hit by its {@code id} doc value, which survives a rebuild of the index where doc ids
 * (e.g. of a multi-threaded build) do not; an index without id doc values falls back to doc ids.
 */
final class DocKeys {

  private final List<LeafReaderContext> leaves;
  private final boolean hasIds;

  DocKeys(IndexReader reader) throws IOException {
    this.leaves = reader.leaves();
    boolean any = false;
    for (LeafReaderContext leaf : leaves) {
      var info = leaf.reader().getFieldInfos().fieldInfo(BenchmarkDocuments.ID);
      if (info != null && info.getDocValuesType() == org.apache.lucene.index.DocValuesType.SORTED) {
        any = true;
      }
    }
    this.hasIds = any;
  }

  boolean hasIds() {
    return hasIds;
  }

  /** The id of top-level doc {@code doc}, or {@code #doc} when the index has no id doc values. */
  String key(int doc) throws IOException {
    if (!hasIds) {
      return "#" + doc;
    }
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    // A fresh iterator per lookup: doc values only move forward, top hits come in any order.
    SortedDocValues ids = DocValues.getSorted(leaf.reader(), BenchmarkDocuments.ID);
    int local = doc - leaf.docBase;
    return ids.advanceExact(local) ? ids.lookupOrd(ids.ordValue()).utf8ToString() : "#" + doc;
  }
}
