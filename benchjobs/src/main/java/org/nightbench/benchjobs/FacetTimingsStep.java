package org.nightbench.benchjobs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.benchjobs.facets.FacetTimingSettings;
import org.nightbench.protocol.FacetTimingsSpec;

/**
 * {@code facet-timings}: times the facet operations on the high-cardinality RandomLabel dimension
 * of an index built by {@code index}, taxonomy against sorted-set.
 */
final class FacetTimingsStep {

  private FacetTimingsStep() {}

  static void run(FacetTimingsSpec spec, Path out) throws Exception {
    var report =
        Indexes.facetTimings(
            spec.indexDir(),
            new FacetTimingSettings(spec.repetitions(), spec.warmup()),
            System.out);
    Results.write(out, spec.type(), report.metrics(), List.of(), report.notes());
  }
}
