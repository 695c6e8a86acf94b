package org.nightbench.series;

import java.util.List;

/**
 * A curve measured inside one run of a series (reopen latency against time, latency against offered
 * load), drawn under the series' chart.
 */
public record RunCurve(long runId, int position, String name, String xLabel, List<String> labels) {}
