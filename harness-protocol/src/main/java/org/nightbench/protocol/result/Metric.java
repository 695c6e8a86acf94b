package org.nightbench.protocol.result;

import java.util.Map;

/**
 * One measured quantity from one JVM. The backend groups the same (benchmark, task, name) across
 * the JVMs of a run into one point with its mean and standard deviation.
 *
 * @param benchmark the benchmark family, e.g. {@code indexing} or {@code search}
 * @param task what was measured within it, e.g. {@code HighTerm}, or {@code all} for indexing
 * @param name the quantity, e.g. {@code qps}, {@code docsPerSec}, {@code gbPerHour}
 * @param unit a human unit for axis labels, e.g. {@code queries/s}
 * @param higherIsBetter whether a rise is an improvement
 * @param value the JVM's value
 * @param detail free-form context kept with the run (query count, hit counts, ...)
 */
public record Metric(
    String benchmark,
    String task,
    String name,
    String unit,
    boolean higherIsBetter,
    double value,
    Map<String, Object> detail) {}
