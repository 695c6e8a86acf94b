/**
 * What editors tell change detection about one series: nights to leave out (a bad night, still
 * drawn greyed), expected changes (a benchmark or environment change: a known boundary, never an
 * alert) and the series' own smallest step worth reporting. Every change publishes {@link
 * org.nightbench.changepoints.marks.DetectionInputsChanged}, on which detection recomputes the
 * series; this package knows nothing of detection itself.
 */
package org.nightbench.changepoints.marks;
