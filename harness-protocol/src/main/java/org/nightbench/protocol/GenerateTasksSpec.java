package org.nightbench.protocol;

import java.nio.file.Path;

/**
 * Generates a task file from an index's term statistics; the step's output is the task file.
 *
 * @param indexDir the index
 * @param corpus the corpus the index was built from
 * @param seed the generation seed, so every run of a series asks the same queries
 * @param perCategory queries per task category
 */
public record GenerateTasksSpec(
    @Required Path indexDir, @Required Path corpus, @Required Long seed, Integer perCategory)
    implements StepSpec {

  public static final int DEFAULT_PER_CATEGORY = 5;

  public GenerateTasksSpec {
    perCategory = SpecChecks.orDefault(perCategory, DEFAULT_PER_CATEGORY);
    if (perCategory < 1) {
      throw new IllegalArgumentException("per-category must be >= 1, got " + perCategory);
    }
  }
}
