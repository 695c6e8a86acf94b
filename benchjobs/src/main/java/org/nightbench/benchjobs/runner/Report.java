package org.nightbench.benchjobs.runner;

import java.util.List;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.Metric;

/**
 * What one measurement reports: its metrics, its curves (warm-up, load, recall against latency) and
 * a note per thing it could not measure. The runner writes it into the result file.
 */
public record Report(List<Metric> metrics, List<Curve> curves, List<String> notes) {

  public Report {
    metrics = List.copyOf(metrics);
    curves = List.copyOf(curves);
    notes = List.copyOf(notes);
  }

  /** Metrics alone. */
  public static Report of(List<Metric> metrics) {
    return new Report(metrics, List.of(), List.of());
  }

  /** Metrics with the notes of what could not be measured. */
  public static Report of(List<Metric> metrics, List<String> notes) {
    return new Report(metrics, List.of(), notes);
  }

  /** Nothing measured, for the reason {@code note}. */
  public static Report skipped(String note) {
    return new Report(List.of(), List.of(), List.of(note));
  }
}
