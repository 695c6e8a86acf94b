package org.nightbench.benchjobs.search;

import java.util.List;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.Metric;

/** Everything a search JVM reports: per-category metrics, the warm-up curve, skipped tasks. */
public record SearchReport(List<Metric> metrics, List<Curve> curves, List<String> notes) {}
