package org.nightbench.comparisons;

import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Where each JVM's value of a task sits on one shared axis, as {@code @sampleStrip} in templates:
 * the page draws both sides' values as dots, so a reader sees the spread and any outlier behind a
 * verdict.
 */
@Component("sampleStrip")
public class SampleStrip {

  /** The strip's width in SVG units; the CSS scales it. */
  public static final int WIDTH = 160;

  /** x of each of {@code values}, on the axis spanning both sides' values. */
  public List<Double> xs(double[] values, double[] baseline, double[] candidate) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double[] side : List.of(baseline, candidate)) {
      for (double value : side) {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
    }
    List<Double> xs = new ArrayList<>(values.length);
    for (double value : values) {
      // Three units of margin so no dot is cut at the edges.
      double x = max == min ? WIDTH / 2.0 : 3 + (value - min) / (max - min) * (WIDTH - 6);
      xs.add(Math.round(x * 10) / 10.0);
    }
    return xs;
  }
}
