package org.nightbench.protocol;

import java.nio.file.Path;

/**
 * The search loop's own overhead per task category, with no query run.
 *
 * @param indexDir the index
 * @param tasks the task file
 * @param repetitions rounds
 * @param warmup leading rounds dropped
 * @param seed execution order seed
 */
public record BareLoopSpec(
    @Required Path indexDir, @Required Path tasks, Integer repetitions, Integer warmup, Long seed)
    implements StepSpec {

  public BareLoopSpec {
    repetitions = SpecChecks.orDefault(repetitions, 20);
    warmup = SpecChecks.orDefault(warmup, 5);
    seed = SpecChecks.orDefault(seed, 0L);
    SpecChecks.rounds(repetitions, warmup);
  }
}
