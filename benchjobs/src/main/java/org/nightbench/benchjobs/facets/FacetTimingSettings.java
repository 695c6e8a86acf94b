package org.nightbench.benchjobs.facets;

/**
 * How the facet timings are taken: a checked {@link org.nightbench.protocol.FacetTimingsSpec}'s
 * settings.
 *
 * @param repetitions timed calls of each operation, after the warm-up; the figure is their median
 * @param warmup untimed calls of each operation before, so the JIT has compiled the counting code
 */
public record FacetTimingSettings(int repetitions, int warmup) {}
