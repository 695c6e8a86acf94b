package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Weight;

/**
 * luceneutil's {@code +filter=N%}: a constant-score filter keeping one document in every {@code
 * 100/N}, as its RandomQuery does. Which document of each interval is kept is decided on the
 * document's corpus id with a seed (see {@link FilterSupport}), not on its doc id, so that two
 * builds of the same corpus keep the same documents and hit counts stay comparable between runs.
 * The kept documents of each segment are computed once per reader; iterating them is as cheap as
 * luceneutil's arithmetic iterator.
 */
final class RandomFilterQuery extends Query {

  private final double percent;
  private final List<KeptDocs> keptPerLeaf;

  /**
   * @param keptPerLeaf the kept documents of each leaf of the one reader this query runs on, by
   *     leaf ord
   */
  RandomFilterQuery(double percent, List<KeptDocs> keptPerLeaf) {
    this.percent = percent;
    this.keptPerLeaf = keptPerLeaf;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    Weight all = searcher.createWeight(new MatchAllDocsQuery(), ScoreMode.COMPLETE_NO_SCORES, 1f);
    return RandomFilterWeight.create(this, all, boost, keptPerLeaf);
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "RandomFilter(" + percent + "%)";
  }

  @Override
  public boolean equals(Object obj) {
    // The kept sets belong to one reader; identity of that list is what makes two filters equal.
    return sameClassAs(obj)
        && percent == ((RandomFilterQuery) obj).percent
        && keptPerLeaf == ((RandomFilterQuery) obj).keptPerLeaf;
  }

  @Override
  public int hashCode() {
    return 31 * classHash() + Objects.hash(percent, System.identityHashCode(keptPerLeaf));
  }
}
