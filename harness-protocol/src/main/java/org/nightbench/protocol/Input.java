package org.nightbench.protocol;

/**
 * What a benchmark's step reads that the run or an earlier step provides, beyond its settings. The
 * run fills the spec component of the input's name, when the spec has one and the profile left it
 * out.
 */
public enum Input {
  /** The line-docs corpus ({@code corpus}). */
  CORPUS("corpus"),
  /** The index the first indexing variant builds ({@code indexDir}). */
  INDEX("indexDir"),
  /** The task file, generated from the index or the profile's ({@code tasks}). */
  TASKS("tasks"),
  /** The corpus's embedded vectors ({@code docVectors}, the queries' in {@code queryVectors}). */
  VECTORS("docVectors");

  private final String component;

  Input(String component) {
    this.component = component;
  }

  /** The spec record component the run fills with it. */
  public String component() {
    return component;
  }
}
