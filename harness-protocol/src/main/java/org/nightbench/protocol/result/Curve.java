package org.nightbench.protocol.result;

import java.util.List;

/**
 * A measurement that is a shape, not a number: how something moved within one JVM (reopen latency
 * against time, latency percentiles against offered load). Stored with the run and drawn on its
 * pages; the numbers that summarise it are {@link Metric}s.
 *
 * @param benchmark the benchmark family, as in {@link Metric#benchmark()}
 * @param task what was measured within it, as in {@link Metric#task()}
 * @param name what the curve shows, e.g. {@code reopenLatency}
 * @param xLabel the x axis with its unit, e.g. {@code seconds since start}
 * @param labels one label per y column, with units, e.g. {@code p99 ms}
 * @param rows each row is x followed by one value per label; {@code null} where a value is missing
 */
public record Curve(
    String benchmark,
    String task,
    String name,
    String xLabel,
    List<String> labels,
    List<List<Double>> rows) {}
