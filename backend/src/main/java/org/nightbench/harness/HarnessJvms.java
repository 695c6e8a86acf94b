package org.nightbench.harness;

import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a run's harness JVMs are forked: the launcher, the reader of their result files, and the
 * embedding model the vector search step adds to its class path.
 */
@Component
public record HarnessJvms(HarnessLauncher launcher, JsonMapper json, EmbeddingModel embedding) {

  /**
   * The one place a run's {@link HarnessSteps} are made, for ordinary and comparison runs alike.
   */
  public HarnessSteps steps(StepJournal journal, Cancellation cancellation, HarnessTarget target) {
    return new HarnessSteps(launcher, json, journal, cancellation, target);
  }
}
