package org.nightbench.harness;

/**
 * The high-cardinality facet timings (counts, all dims, top dims, top children, all children on the
 * RandomLabel dimension, taxonomy against SSDV), one series per operation and kind.
 *
 * @param repetitions timed calls of each operation; the figure is their median
 * @param warmup untimed calls of each operation before
 */
public record FacetTimingSettings(int repetitions, int warmup) {

  public FacetTimingSettings {
    repetitions = repetitions == 0 ? 50 : repetitions;
    warmup = warmup == 0 ? 20 : warmup;
    ProfileChecks.atLeast("facet-timings repetitions", repetitions, 1);
    ProfileChecks.atLeast("facet-timings warmup", warmup, 1);
  }
}
