package org.nightbench.series;

/**
 * Rounds what the points API sends to the digits that carry information. A mean printed with
 * seventeen digits is mostly noise far below its own ±1σ, and those digits are most of a long
 * series' bytes: six significant digits keep a part in a million, 3 keep a σ to 0.1 %.
 */
final class SignificantDigits {

  private static final double[] POWERS_OF_TEN = new double[40];

  static {
    for (int i = 0; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = Math.pow(10, i);
    }
  }

  private SignificantDigits() {}

  /**
   * {@code value} to {@code digits} significant digits, as the double nearest that decimal, so that
   * it prints short; values beyond ±1e19 or not finite are returned as they are.
   */
  static double round(double value, int digits) {
    if (value == 0 || !Double.isFinite(value)) {
      return value;
    }
    int exponent = (int) Math.floor(Math.log10(Math.abs(value)));
    int shift = digits - 1 - exponent;
    if (shift >= 0 && shift < POWERS_OF_TEN.length) {
      double scale = POWERS_OF_TEN[shift];
      return Math.round(value * scale) / scale;
    }
    if (shift < 0 && -shift < POWERS_OF_TEN.length && Math.abs(value) < 1e19) {
      double scale = POWERS_OF_TEN[-shift];
      return Math.round(value / scale) * scale;
    }
    return value;
  }

  /** {@link #round(double, int)}, keeping null. */
  static Double round(Double value, int digits) {
    return value == null ? null : round(value.doubleValue(), digits);
  }
}
