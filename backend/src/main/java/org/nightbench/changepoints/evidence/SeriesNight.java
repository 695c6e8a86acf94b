package org.nightbench.changepoints.evidence;

/**
 * One series' point at a run with the points of its recent nights before it.
 *
 * @param control whether the series is the control revision's
 * @param task the series' task; a control's names its release first ({@code 10.6.0 HighTerm})
 * @param value the point at the run
 * @param previous the series' points of its {@link RecentNights} before the run, any order
 */
public record SeriesNight(
    boolean control, String task, boolean higherIsBetter, double value, double[] previous) {}
