package org.nightbench.protocol;

/**
 * The version of how the harness measures, recorded on every stored point (asv's benchmark {@code
 * version}). Bump {@link #CURRENT} in the commit that changes what a benchmark's numbers mean with
 * the same Lucene and settings — its warm-up, its timing loop, what a round counts — so that each
 * series starts a new segment there instead of reading the harness's change as Lucene's.
 */
public final class MeasuringVersion {

  /**
   * 2: the runner's one round loop and its stricter warm-up gate. Warm-up and measured rounds run
   * from one call site (a second loop for the measured rounds was compiled while measuring), the
   * JIT must have compiled nothing over as many latest rounds as are measured before measuring
   * starts, and measuring starts again when a compilation finishes during a measured round. Search
   * QPS of a release that was still compiling when warm-up ended (9.12.3 under {@code quick}) reads
   * higher than under 1.
   *
   * <p>1: the measuring of the typed specs (one spec file per forked JVM).
   */
  public static final int CURRENT = 2;

  private MeasuringVersion() {}
}
