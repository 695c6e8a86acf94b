package org.nightbench.series;

/**
 * What one run measured in one series: the point it added, and the series' point before it, for the
 * run page's "vs previous run" columns.
 *
 * @param previousValue the series' newest earlier point, or null for its first
 * @param previousRunId the run that measured it
 */
public record RunMeasurement(
    Series series,
    double value,
    Double stddev,
    int jvms,
    Double previousValue,
    Long previousRunId) {

  /** Relative change against the previous point ({@code +0.05} is 5 % up), or null. */
  public Double change() {
    return previousValue == null || previousValue == 0 ? null : value / previousValue - 1;
  }

  /** Whether that change went the wrong way for this metric. */
  public boolean worse() {
    Double change = change();
    return change != null && (series.higherIsBetter() ? change < 0 : change > 0);
  }
}
