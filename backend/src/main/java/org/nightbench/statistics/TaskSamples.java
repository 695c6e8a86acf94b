package org.nightbench.statistics;

import java.util.Arrays;
import java.util.Objects;

/**
 * One task's figures on each side of a comparison, one value per JVM (or per repetition), e.g. its
 * QPS; the values are copied in and out, so the record is immutable.
 *
 * <p>Each side needs at least two values (a standard deviation needs two) and every value must be
 * finite and positive: these are rates or times, and a relative difference needs a positive
 * baseline.
 */
public record TaskSamples(String task, double[] baseline, double[] candidate) {

  public TaskSamples {
    Objects.requireNonNull(task, "task");
    if (task.isBlank()) {
      throw new IllegalArgumentException("task must not be blank");
    }
    baseline = checked(task, "baseline", baseline);
    candidate = checked(task, "candidate", candidate);
  }

  @Override
  public double[] baseline() {
    return baseline.clone();
  }

  @Override
  public double[] candidate() {
    return candidate.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TaskSamples that
        && task.equals(that.task)
        && Arrays.equals(baseline, that.baseline)
        && Arrays.equals(candidate, that.candidate);
  }

  @Override
  public int hashCode() {
    return Objects.hash(task, Arrays.hashCode(baseline), Arrays.hashCode(candidate));
  }

  @Override
  public String toString() {
    return "TaskSamples[task="
        + task
        + ", baseline="
        + Arrays.toString(baseline)
        + ", candidate="
        + Arrays.toString(candidate)
        + "]";
  }

  private static double[] checked(String task, String side, double[] values) {
    Objects.requireNonNull(values, side);
    if (values.length < 2) {
      throw new IllegalArgumentException(
          task + ": " + side + " needs at least 2 values, has " + values.length);
    }
    for (double value : values) {
      if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException(
            task + ": " + side + " values must be finite and positive: " + value);
      }
    }
    return values.clone();
  }
}
