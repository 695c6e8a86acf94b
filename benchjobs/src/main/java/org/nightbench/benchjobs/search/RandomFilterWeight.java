package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.FilterWeight;
import org.apache.lucene.search.Matches;
import org.apache.lucene.search.MatchesUtils;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;

/**
 * The weight of {@link RandomFilterQuery}, written to load on every Lucene from 9.0 to 10.x: it
 * overrides only {@code scorerSupplier} (which 10.x made the one abstract entry point, making
 * {@code scorer} final), and 9.x, where {@code scorer} is the entry point, gets the subclass {@link
 * RandomFilterWeight9} (loaded by name, so 10.x never sees its override of a final method). The
 * constant-score scorer's constructor differs between the lines (9.x takes the weight) and is found
 * once by reflection.
 */
class RandomFilterWeight extends FilterWeight {

  private static final boolean SCORER_IS_FINAL = scorerIsFinal();
  private static final MethodHandle SCORER_10 =
      constructor(
          MethodType.methodType(void.class, float.class, ScoreMode.class, DocIdSetIterator.class));
  private static final MethodHandle SCORER_9 =
      constructor(
          MethodType.methodType(
              void.class, Weight.class, float.class, ScoreMode.class, DocIdSetIterator.class));

  private final float score;
  private final List<KeptDocs> keptPerLeaf;

  RandomFilterWeight(Query query, Weight all, float score, List<KeptDocs> keptPerLeaf) {
    super(query, all);
    this.score = score;
    this.keptPerLeaf = keptPerLeaf;
  }

  static Weight create(Query query, Weight all, float score, List<KeptDocs> keptPerLeaf) {
    if (SCORER_IS_FINAL) {
      return new RandomFilterWeight(query, all, score, keptPerLeaf);
    }
    try {
      return (Weight)
          Class.forName(RandomFilterWeight.class.getName() + "9")
              .getDeclaredConstructor(Query.class, Weight.class, float.class, List.class)
              .newInstance(query, all, score, keptPerLeaf);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create the 9.x filter weight", e);
    }
  }

  @Override
  public ScorerSupplier scorerSupplier(LeafReaderContext context) throws IOException {
    KeptDocs kept = keptPerLeaf.get(context.ord);
    long cost = kept.count();
    return new ScorerSupplier() {
      @Override
      public Scorer get(long leadCost) throws IOException {
        return scorer(new BitSetIterator(kept.bits(), cost));
      }

      @Override
      public long cost() {
        return cost;
      }
    };
  }

  @Override
  public boolean isCacheable(LeafReaderContext ctx) {
    return false; // as luceneutil's RandomQuery: the filter is the work being measured
  }

  @Override
  public int count(LeafReaderContext context) throws IOException {
    return -1; // not the match-all count the wrapped weight would give
  }

  @Override
  public Matches matches(LeafReaderContext context, int doc) throws IOException {
    return keptPerLeaf.get(context.ord).bits().get(doc) ? MatchesUtils.MATCH_WITH_NO_TERMS : null;
  }

  private Scorer scorer(DocIdSetIterator it) throws IOException {
    try {
      if (SCORER_10 != null) {
        return (Scorer) SCORER_10.invoke(score, ScoreMode.COMPLETE_NO_SCORES, it);
      }
      return (Scorer) SCORER_9.invoke((Weight) this, score, ScoreMode.COMPLETE_NO_SCORES, it);
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private static boolean scorerIsFinal() {
    try {
      Method m = Weight.class.getMethod("scorer", LeafReaderContext.class);
      return Modifier.isFinal(m.getModifiers());
    } catch (NoSuchMethodException e) {
      return true;
    }
  }

  private static MethodHandle constructor(MethodType type) {
    try {
      return MethodHandles.publicLookup()
          .findConstructor(org.apache.lucene.search.ConstantScoreScorer.class, type);
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }
}
