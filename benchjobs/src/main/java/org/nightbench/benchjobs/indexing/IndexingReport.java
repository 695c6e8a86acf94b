package org.nightbench.benchjobs.indexing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.benchjobs.result.Metric;

/**
 * Raw outcome of one indexing run and its conversion to the harness metrics.
 *
 * @param docs documents added
 * @param textBytes UTF-8 bytes of their corpus lines
 * @param elapsedNanos from the first document read to the committed, closed writer
 * @param indexBytes size of the files in the index directory afterwards
 * @param segments segments in the final commit
 */
public record IndexingReport(
    long docs, long textBytes, long elapsedNanos, long indexBytes, int segments) {

  /** Benchmark name of every indexing metric. */
  public static final String BENCHMARK = "indexing";

  /** Task name of every indexing metric (one indexing configuration so far). */
  public static final String TASK = "default";

  private static final double GB = 1024.0 * 1024 * 1024;
  private static final double MB = 1024.0 * 1024;

  /** Elapsed seconds, never zero so rates stay finite. */
  public double elapsedSec() {
    return Math.max(elapsedNanos, 1) / 1e9;
  }

  /** The five indexing metrics; GB here is 2^30 bytes, as in luceneutil's GB/hour. */
  public List<Metric> toMetrics(IndexingSettings settings) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("docs", docs);
    detail.put("plainTextBytes", textBytes);
    detail.put("ramBufferMB", settings.ramBufferMB());
    detail.put("threads", settings.threads());
    detail.put("corpus", settings.corpus().getFileName().toString());
    double sec = elapsedSec();
    return List.of(
        metric("docsPerSec", "docs/s", true, docs / sec, detail),
        metric("gbPerHour", "GB/hour", true, textBytes / GB / (sec / 3600.0), detail),
        metric("indexSizeMB", "MB", false, indexBytes / MB, detail),
        metric("segmentCount", "segments", false, segments, detail),
        metric("elapsedSec", "s", false, sec, detail));
  }

  private static Metric metric(
      String name, String unit, boolean higherIsBetter, double value, Map<String, Object> detail) {
    return new Metric(BENCHMARK, TASK, name, unit, higherIsBetter, value, detail);
  }
}
