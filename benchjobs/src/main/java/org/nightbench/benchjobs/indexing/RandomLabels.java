package org.nightbench.benchjobs.indexing;

/**
 * The RandomLabel of a document, luceneutil's high-cardinality facet dimension. luceneutil reads it
 * from a fourth column of its own line file; corpora here have none, so the label is drawn from the
 * doc id: a fixed hash of the id onto {@link #CARDINALITY} labels, the same on every run, release
 * and thread count. A corpus of N documents therefore has about min(N, CARDINALITY) distinct
 * labels, enough to make taxonomy and SSDV counting pay for their ordinal maps.
 */
public final class RandomLabels {

  /** Distinct labels at most; a power of two so the hash folds evenly. */
  public static final int CARDINALITY = 1 << 17;

  private RandomLabels() {}

  /** The label of document {@code id}. */
  public static String of(long id) {
    // SplitMix64's finalizer: neighbouring ids land on unrelated labels.
    long z = id + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return "label" + Long.toString(z & (CARDINALITY - 1), 36);
  }
}
