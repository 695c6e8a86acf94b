package org.nightbench.protocol;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * The checks the spec records share; each failure is one line naming the setting and the value, so
 * a bad profile stops the application's start and a bad spec file the harness, saying why.
 */
final class SpecChecks {

  private SpecChecks() {}

  /** Every {@link Required} setting of {@code spec} is there. */
  static void required(StepSpec spec) {
    for (RecordComponent setting : spec.getClass().getRecordComponents()) {
      if (setting.isAnnotationPresent(Required.class) && value(spec, setting) == null) {
        throw new IllegalArgumentException(
            "missing required setting "
                + setting.getName()
                + " (--"
                + kebab(setting.getName())
                + ")");
      }
    }
  }

  private static Object value(StepSpec spec, RecordComponent setting) {
    try {
      return setting.getAccessor().invoke(spec);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + setting, e);
    }
  }

  /** {@code indexDir} reads {@code index-dir}, as the hand-run command line spells it. */
  static String kebab(String setting) {
    return setting.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
  }

  static <T> T orDefault(T value, T fallback) {
    return value == null ? fallback : value;
  }

  /**
   * {@code value} is at least {@code minimum}; the message names the setting as the harness did.
   */
  static void atLeast(String setting, long value, long minimum) {
    if (value < minimum) {
      throw new IllegalArgumentException(setting + " must be >= " + minimum + ", got " + value);
    }
  }

  /** Rounds that leave at least one measured round after the warm-up rounds. */
  static void rounds(int repetitions, int warmup) {
    atLeast("repetitions", repetitions, 1);
    if (warmup < 0 || warmup >= repetitions) {
      throw new IllegalArgumentException(
          "warmup must be >= 0 and < repetitions (" + repetitions + "), got " + warmup);
    }
  }

  /** {@code value} is a finite number above 0. */
  static void positive(String setting, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(setting + " must be > 0, got " + value);
    }
  }

  /** {@code value} is a finite number of at least 0. */
  static void notNegative(String setting, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(setting + " must be >= 0, got " + value);
    }
  }

  /** A batch's minimum length: 0 runs each batch's keys once; more than an hour is a typo. */
  static void batchSeconds(double minBatchSeconds) {
    if (!(minBatchSeconds >= 0) || minBatchSeconds > 3600) {
      throw new IllegalArgumentException(
          "min-batch-seconds must be >= 0 and <= 3600, got " + minBatchSeconds);
    }
  }
}
