package org.nightbench.bisect;

/**
 * What a bisect request comes down to: two commits and one measurement, and where it came from.
 *
 * @param changePointId the alert it started from, or null
 * @param seriesId the series it started from (also for an alert), or null
 */
record BisectTarget(
    String good,
    String bad,
    String benchmark,
    String task,
    String metric,
    String profile,
    String corpus,
    Long changePointId,
    Long seriesId) {}
