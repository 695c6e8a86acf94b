package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * {@link RandomFilterWeight} on Lucene 9.x, where {@code scorer} is the entry point. Loaded only by
 * name, on a release whose {@code Weight.scorer} is not final.
 */
final class RandomFilterWeight9 extends RandomFilterWeight {

  RandomFilterWeight9(Query query, Weight all, float score, List<KeptDocs> keptPerLeaf) {
    super(query, all, score, keptPerLeaf);
  }

  @Override
  public Scorer scorer(LeafReaderContext context) throws IOException {
    ScorerSupplier s = scorerSupplier(context);
    return s == null ? null : s.get(Long.MAX_VALUE);
  }
}
