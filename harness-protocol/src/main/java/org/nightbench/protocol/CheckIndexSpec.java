package org.nightbench.protocol;

import static org.nightbench.protocol.MetricDefinition.lowerIsBetter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Times CheckIndex over an index; a broken index fails the step.
 *
 * @param indexDir the index
 * @param variant names the index checked; the metric's task
 */
public record CheckIndexSpec(@Required Path indexDir, String variant) implements StepSpec {

  /** The benchmark this record's step measures. */
  public static final BenchmarkDefinition DEFINITION =
      new BenchmarkDefinition(
          "check-index",
          CheckIndexSpec.class,
          "org.nightbench.benchjobs.checkindex.CheckIndexTiming",
          70,
          Set.of(Input.INDEX),
          true,
          "checkIndex",
          "checkindex",
          "CheckIndex",
          "CheckIndex",
          List.of(lowerIsBetter("seconds", "s")));

  public CheckIndexSpec {
    variant = SpecChecks.orDefault(variant, "index");
  }
}
