package org.nightbench.protocol;

import java.util.EnumSet;
import java.util.Set;

/**
 * One benchmark, written once: every place that lists benchmarks (the nightly and interleaved
 * plans, the harness's dispatch, the page groups, the comparison form, the catalogue of requests)
 * reads it from {@link Benchmarks#ALL}.
 *
 * @param name how requests, comparisons, bisects and the comparison form name it, e.g. {@code
 *     cold-search}
 * @param step the harness step that measures it, and so its spec record (settings, defaults,
 *     checks)
 * @param inputs what its step reads that the run or an earlier step provides
 * @param comparable whether an A/B comparison (and so a bisect probe) can run it on both sides
 * @param series the benchmark name its series carry in the database, e.g. {@code coldCache}; never
 *     renamed, as stored series are found by it
 * @param group the key of the page group its series are shown in, e.g. {@code coldcache}; null when
 *     the group follows each series' task (search: by luceneutil's query category)
 * @param label what the comparison form says beside its checkbox
 * @param benchmarkClass the fully qualified name of the harness class that measures it (a {@code
 *     org.nightbench.benchjobs.Benchmark} with a no-argument constructor); the harness instantiates
 *     it by this name, so adding a benchmark edits no dispatch
 */
public record BenchmarkDefinition(
    String name,
    StepType step,
    Set<Input> inputs,
    boolean comparable,
    String series,
    String group,
    String label,
    String benchmarkClass) {

  public BenchmarkDefinition {
    inputs = inputs.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(inputs));
  }

  /** The spec record of its step. */
  public Class<? extends StepSpec> spec() {
    return step.record();
  }
}
