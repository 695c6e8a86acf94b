package org.nightbench.web;

/**
 * Range checks for the numeric query parameters of lists: a limit outside its range or a threshold
 * that is not a finite number is the caller's mistake, answered with a one-line 400 rather than
 * quietly read as "everything" or "nothing".
 */
public final class QueryParameters {

  private QueryParameters() {}

  /**
   * {@code value} when it lies in 1 … {@code max}, else a one-line complaint naming {@code name}.
   */
  public static int limit(String name, int value, int max) {
    if (value < 1 || value > max) {
      throw new IllegalArgumentException(name + " must be between 1 and " + max + ", not " + value);
    }
    return value;
  }

  /** {@code value} when it is at least 0, else a one-line complaint naming {@code name}. */
  public static int notNegative(String name, int value) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must not be negative, not " + value);
    }
    return value;
  }

  /** {@code value} (null allowed) when finite, else a one-line complaint naming {@code name}. */
  public static Double finite(String name, Double value) {
    if (value != null && !Double.isFinite(value)) {
      throw new IllegalArgumentException(name + " must be a finite number, not " + value);
    }
    return value;
  }
}
