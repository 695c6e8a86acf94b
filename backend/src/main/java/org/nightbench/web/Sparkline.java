package org.nightbench.web;

import java.util.List;
import org.springframework.stereotype.Component;

/**
 * A series' recent values as an SVG path, as {@code @sparkline} in templates. Drawn by the server:
 * a page of 150 sparklines is then plain markup the browser paints at once, no script per chart.
 */
@Component("sparkline")
public class Sparkline {

  /** The view box every path is drawn in; the CSS scales it. */
  public static final int WIDTH = 120;

  public static final int HEIGHT = 24;

  /** An SVG path through {@code values}, oldest first, scaled to the box; empty for none. */
  public String path(List<Double> values) {
    if (values == null || values.isEmpty()) {
      return "";
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double value : values) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    double range = max - min;
    // One pixel of margin top and bottom so the line's stroke is not cut.
    double scale = range == 0 ? 0 : (HEIGHT - 2) / range;
    double step = values.size() == 1 ? 0 : (double) WIDTH / (values.size() - 1);
    StringBuilder path = new StringBuilder(values.size() * 12);
    for (int i = 0; i < values.size(); i++) {
      double y = range == 0 ? HEIGHT / 2.0 : HEIGHT - 1 - (values.get(i) - min) * scale;
      path.append(i == 0 ? 'M' : 'L');
      tenths(path, i * step).append(',');
      tenths(path, y);
    }
    return path.toString();
  }

  /**
   * {@code value} (never negative here) with one decimal; String.format is slow for 9,000 calls.
   */
  private static StringBuilder tenths(StringBuilder out, double value) {
    long rounded = Math.round(value * 10);
    return out.append(rounded / 10).append('.').append(rounded % 10);
  }
}
