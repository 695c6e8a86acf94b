package org.nightbench.changepoints;

import java.util.Locale;

/** A drift in the words every page and the digest use: "drift over 120 nights, +0.059 %/night". */
public final class DriftText {

  private DriftText() {}

  /**
   * @param nights the nights its level moved over
   * @param slope its move a night relative to its first night's level (0.001 is +0.1 %), or null
   */
  public static String of(int nights, Double slope) {
    String text = "drift over " + nights + " nights";
    if (slope == null || !Double.isFinite(slope)) {
      return text;
    }
    // Two significant digits: a drift's slope is small, and its first digit alone says little.
    double percent = slope * 100;
    return text
        + ", "
        + (percent >= 0 ? "+" : "−")
        + String.format(Locale.ROOT, "%.2g", Math.abs(percent))
        + " %/night";
  }
}
