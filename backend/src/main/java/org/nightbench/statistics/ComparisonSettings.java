package org.nightbench.statistics;

import java.util.Objects;

/**
 * How {@link Comparison} decides a verdict; {@link #defaults()} is what the issue asks for and what
 * {@code ComparisonHonesty} measured.
 *
 * @param alpha a task can be faster or slower only when its Benjamini–Hochberg q-value is at most
 *     this, the false discovery rate the comparison controls across its tasks
 * @param minRelativeEffect a task whose relative difference is smaller than this in absolute value
 *     is no difference however significant, e.g. 0.02 for 2 %; 0 reports every significant effect
 * @param testChoice which two-sample test to run
 */
public record ComparisonSettings(double alpha, double minRelativeEffect, TestChoice testChoice) {

  /** Which two-sample test a comparison runs on each task. */
  public enum TestChoice {
    /**
     * Welch's t-test, except Mann–Whitney where both sides have at least 8 values and the two sides
     * together hold an outlier (a value more than 3.5 robust standard deviations from their
     * median).
     */
    AUTO,
    /** Welch's t-test on every task. */
    WELCH,
    /** The Mann–Whitney U test on every task, however few values a side has. */
    MANN_WHITNEY
  }

  public ComparisonSettings {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
    }
    if (!(minRelativeEffect >= 0 && minRelativeEffect < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException(
          "minRelativeEffect must be finite and >= 0: " + minRelativeEffect);
    }
    Objects.requireNonNull(testChoice, "testChoice");
  }

  /** A false discovery rate of 5 %, every significant effect reported, the test chosen per task. */
  public static ComparisonSettings defaults() {
    return new ComparisonSettings(0.05, 0, TestChoice.AUTO);
  }

  /** These settings with another false discovery rate. */
  public ComparisonSettings withAlpha(double alpha) {
    return new ComparisonSettings(alpha, minRelativeEffect, testChoice);
  }

  /** These settings with another smallest relative effect worth a verdict. */
  public ComparisonSettings withMinRelativeEffect(double minRelativeEffect) {
    return new ComparisonSettings(alpha, minRelativeEffect, testChoice);
  }

  /** These settings with another test choice. */
  public ComparisonSettings withTestChoice(TestChoice testChoice) {
    return new ComparisonSettings(alpha, minRelativeEffect, testChoice);
  }
}
