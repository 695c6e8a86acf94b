package org.nightbench.series;

/** What one run measured in one series: the point it added, for the run's page. */
public record RunMeasurement(Series series, double value, Double stddev, int jvms) {}
