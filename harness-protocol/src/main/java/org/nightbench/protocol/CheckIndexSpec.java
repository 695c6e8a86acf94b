package org.nightbench.protocol;

import java.nio.file.Path;

/**
 * Times CheckIndex over an index; a broken index fails the step.
 *
 * @param indexDir the index
 * @param variant names the index checked; the metric's task
 */
public record CheckIndexSpec(@Required Path indexDir, String variant) implements StepSpec {

  public CheckIndexSpec {
    variant = SpecChecks.orDefault(variant, "index");
  }
}
