package org.nightbench.benchjobs.search;

/**
 * A well-formed task this index or classpath cannot serve (taxonomy facets, grouping, a missing
 * field); the task is skipped with a note instead of failing the run.
 */
public final class UnsupportedTaskException extends Exception {

  private static final long serialVersionUID = 1L;

  /**
   * @param reason one line saying what is missing, e.g. {@code index has no field titleDV}
   */
  public UnsupportedTaskException(String reason) {
    super(reason);
  }
}
