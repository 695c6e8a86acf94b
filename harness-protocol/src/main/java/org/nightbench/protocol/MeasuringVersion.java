package org.nightbench.protocol;

/**
 * The version of how the harness measures, recorded on every stored point (asv's benchmark {@code
 * version}). Bump {@link #CURRENT} in the commit that changes what a benchmark's numbers mean with
 * the same Lucene and settings — its warm-up, its timing loop, what a round counts — so that each
 * series starts a new segment there instead of reading the harness's change as Lucene's.
 */
public final class MeasuringVersion {

  /** 1: the measuring of the typed specs (one spec file per forked JVM). */
  public static final int CURRENT = 1;

  private MeasuringVersion() {}
}
