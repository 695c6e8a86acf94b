package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Times facet counting, getAllDims, getTopDims, getTopChildren and getAllChildren on the
 * RandomLabel dimension, taxonomy and SSDV. A profile's {@code facet-timings} section is this
 * record without the index, which the run supplies ({@link #on}).
 *
 * @param indexDir the index
 * @param repetitions timed calls of each operation; the figure is their median
 * @param warmup untimed calls of each operation before
 */
public record FacetTimingsSpec(@Required Path indexDir, Integer repetitions, Integer warmup)
    implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "facet-timings",
          FacetTimingsSpec.class,
          "org.nightbench.benchjobs.facets.FacetTimings",
          30,
          Set.of(Input.INDEX),
          true,
          "facets",
          "facets",
          "Facets",
          "facet timings",
          List.of(
              lowerIsBetter("countsMs", "ms"),
              lowerIsBetter("allDimsMs", "ms"),
              lowerIsBetter("topDimsMs", "ms"),
              lowerIsBetter("topChildrenMs", "ms"),
              lowerIsBetter("allChildrenMs", "ms")));

  public static final int DEFAULT_REPETITIONS = 50;
  public static final int DEFAULT_WARMUP = 20;

  public FacetTimingsSpec {
    repetitions = SpecChecks.orDefault(repetitions, DEFAULT_REPETITIONS);
    warmup = SpecChecks.orDefault(warmup, DEFAULT_WARMUP);
    SpecChecks.atLeast("repetitions", repetitions, 1);
    SpecChecks.atLeast("warmup", warmup, 0);
  }

  /** These timings on {@code index}. */
  public FacetTimingsSpec on(Path index) {
    return new FacetTimingsSpec(index, repetitions, warmup);
  }
}
