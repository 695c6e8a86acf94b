package org.nightbench.harness.plan;

/**
 * What a step leaves behind for later ones. A step that needs one that is missing (its maker
 * failed) is passed over; a {@link PlanStep.Skip} says so once for all of them.
 */
public enum Product {
  /** The task file: the profile's, or generated from the index. */
  TASKS,
  /** The corpus's document and query vectors. */
  EMBEDDINGS,
  /** The query vectors of the task file's {@code vector//} tasks. */
  TASK_VECTORS
}
