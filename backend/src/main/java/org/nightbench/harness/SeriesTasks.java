package org.nightbench.harness;

import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;

/**
 * Names a benchmark's series after the profile's variant rather than the harness's mode: two NRT
 * variants of the same mode with different settings must not share a series.
 */
public final class SeriesTasks {

  private SeriesTasks() {}

  /**
   * {@code result} with every metric and curve of its tasks under {@code benchmark}/{@code task}.
   */
  public static HarnessResult rename(HarnessResult result, String benchmark, String task) {
    return new HarnessResult(
        result.schemaVersion(),
        result.command(),
        result.lucene(),
        result.environment(),
        result.metrics().stream()
            .map(
                m ->
                    m.benchmark().equals(benchmark)
                        ? new Metric(
                            m.benchmark(),
                            task,
                            m.name(),
                            m.unit(),
                            m.higherIsBetter(),
                            m.value(),
                            m.detail())
                        : m)
            .toList(),
        result.curves().stream()
            .map(
                c ->
                    c.benchmark().equals(benchmark)
                        ? new Curve(c.benchmark(), task, c.name(), c.xLabel(), c.labels(), c.rows())
                        : c)
            .toList(),
        result.notes());
  }
}
