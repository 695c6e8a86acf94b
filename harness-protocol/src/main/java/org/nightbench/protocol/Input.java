package org.nightbench.protocol;

/** What a benchmark's step reads that the run or an earlier step provides, beyond its settings. */
public enum Input {
  /** The line-docs corpus. */
  CORPUS,
  /** The index the first indexing variant builds. */
  INDEX,
  /** The task file, generated from the index or the profile's. */
  TASKS,
  /** The corpus's embedded vectors. */
  VECTORS
}
