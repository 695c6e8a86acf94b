package org.nightbench.statistics;

/** What a comparison concludes about one task, from the user's side of the metric. */
public enum Verdict {
  /** The candidate is significantly better (higher QPS, or lower latency). */
  FASTER,
  /** The candidate is significantly worse. */
  SLOWER,
  /** No difference was shown: not significant after the FDR control, or smaller than required. */
  NO_DIFFERENCE
}
