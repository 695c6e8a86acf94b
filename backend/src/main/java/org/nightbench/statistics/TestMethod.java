package org.nightbench.statistics;

/** The two-sample test that produced a task's p-value, with the name shown in tables and JSON. */
public enum TestMethod {
  /** Welch's unequal-variance t-test on the means. */
  WELCH("welch"),
  /** The Mann–Whitney U (Wilcoxon rank-sum) test on the ranks. */
  MANN_WHITNEY("mann-whitney");

  private final String label;

  TestMethod(String label) {
    this.label = label;
  }

  /** {@code "welch"} or {@code "mann-whitney"}. */
  public String label() {
    return label;
  }
}
