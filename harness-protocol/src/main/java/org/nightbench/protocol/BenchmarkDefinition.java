package org.nightbench.protocol;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One benchmark, written once, in the file of its spec record as its {@code DEFINITION}: every
 * place that lists benchmarks (the nightly and interleaved plans, the harness's dispatch, the page
 * groups, the comparison form, the catalogue of requests) reads it from {@link Benchmarks#all()},
 * which finds the definitions on the class path.
 *
 * @param name how requests, comparisons, bisects, the comparison form and a profile's section name
 *     it, e.g. {@code cold-search} ({@code nightbench.runner.profiles.nightly.cold-search.queries})
 * @param spec its spec record: its settings, their defaults and checks
 * @param benchmarkClass the harness class that measures it (fully qualified), found by name in the
 *     forked JVM, so this module needs nothing of the harness
 * @param order where it runs in a nightly run and a comparison, smallest first; indexing (0) comes
 *     before everything that reads the index
 * @param inputs what its step reads that the run or an earlier step provides; the run fills the
 *     spec's components of those names ({@link Input#component()})
 * @param comparable whether an A/B comparison (and so a bisect probe) can run it on both sides
 * @param series the benchmark name its series carry in the database, e.g. {@code coldCache}; never
 *     renamed, as stored series are found by it
 * @param group the key of the page group its series are shown in, e.g. {@code coldcache}; null when
 *     the group follows each series' task (search: by luceneutil's query category)
 * @param groupTitle the page group's heading, e.g. {@code Search on a cold page cache}
 * @param label what the comparison form says beside its checkbox
 */
public record BenchmarkDefinition(
    String name,
    Class<? extends StepSpec> spec,
    String benchmarkClass,
    int order,
    Set<Input> inputs,
    boolean comparable,
    String series,
    String group,
    String groupTitle,
    String label) {

  public BenchmarkDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(series, "series");
    inputs = inputs.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(inputs));
    if (group != null && (groupTitle == null || groupTitle.isBlank())) {
      throw new IllegalArgumentException(name + ": a page group needs its heading");
    }
    label = label == null ? name : label;
  }

  /** The name of its spec record in a spec file, e.g. {@code pk-lookup}. */
  public String specType() {
    return SpecTypes.nameOf(spec);
  }
}
