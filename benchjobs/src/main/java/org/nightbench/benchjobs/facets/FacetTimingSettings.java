package org.nightbench.benchjobs.facets;

/**
 * How the facet timings are taken.
 *
 * @param repetitions timed calls of each operation, after the warm-up; the figure is their median
 * @param warmup untimed calls of each operation before, so the JIT has compiled the counting code
 */
public record FacetTimingSettings(int repetitions, int warmup) {

  public FacetTimingSettings {
    if (repetitions < 1) {
      throw new IllegalArgumentException("repetitions must be >= 1, got " + repetitions);
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("warmup must be >= 0, got " + warmup);
    }
  }
}
