package org.nightbench.synthetic;

import java.util.ArrayList;
import java.util.List;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.MetricDefinition;
import org.nightbench.protocol.NrtSpec;

/**
 * The names of synthetic series, those the real suite's results are ingested under, so the
 * dashboard's groups, units and directions look as they will in production: indexing variants, NRT
 * reopen, PK lookups, response time under load, calibration, and every query category the harness
 * generates ({@link HarnessTasks#CATEGORIES}).
 */
final class SyntheticCatalog {

  /**
   * What a synthetic series claims to measure, with a plausible level; its unit and direction are
   * those its benchmark's definition declares ({@code declared}), as ingestion stores them.
   */
  record Entry(
      String benchmark, String task, String metric, MetricDefinition declared, double base) {

    String unit() {
      return declared.unit();
    }

    boolean higherIsBetter() {
      return declared.higherIsBetter();
    }
  }

  /** The entry of a metric of {@code benchmark}, a series name a definition gives. */
  static Entry entry(String benchmark, String task, String metric, double base) {
    return new Entry(
        benchmark,
        task,
        metric,
        Benchmarks.declared(benchmark, metric)
            .orElseThrow(
                () -> new IllegalArgumentException(benchmark + " declares no metric " + metric)),
        base);
  }

  private SyntheticCatalog() {}

  /** How many series the catalog holds: the most a synthetic history can have. */
  static int size() {
    return all().size();
  }

  /** The first {@code count} entries: the fixed benchmarks first, then query families. */
  static List<Entry> entries(int count) {
    List<Entry> all = all();
    if (count > all.size()) {
      throw new IllegalArgumentException(
          "at most " + all.size() + " synthetic series, not " + count);
    }
    return all.subList(0, count);
  }

  /**
   * Every entry, named as ingestion names the harness's metrics (benchmark, task and metric as
   * {@code benchjobs} writes them), each with a plausible level.
   */
  private static List<Entry> all() {
    List<Entry> all = new ArrayList<>();
    for (String variant : List.of("1kb-docs", "4kb-docs", "1kb-docs-deterministic")) {
      all.add(entry("indexing", variant, "docsPerSec", 12_000));
      all.add(entry("indexing", variant, "gbPerHour", 9));
      all.add(entry("indexing", variant, "indexSizeMB", 180));
      all.add(entry("indexing", variant, "segmentCount", 14));
      all.add(entry("indexing", variant, "mergeSeconds", 11));
      all.add(entry("indexing", variant, "gcSeconds", 0.8));
      all.add(entry("indexing", variant, "flushSeconds", 6));
      all.add(entry("indexing", variant, "gcCount", 60));
      all.add(entry("indexing", variant, "jitSeconds", 4));
      all.add(entry("indexing", variant, "peakHeapMB", 700));
    }
    for (String variant : NrtSpec.VARIANTS) {
      all.add(entry("nrt", variant, "reopenP50Ms", 40));
      all.add(entry("nrt", variant, "reopenMeanMs", 60));
      all.add(entry("nrt", variant, "reopenP90Ms", 120));
      all.add(entry("nrt", variant, "reopenP99Ms", 300));
      all.add(entry("nrt", variant, "reopenMaxMs", 600));
      all.add(entry("nrt", variant, "searchQps", 900));
    }
    all.add(entry("pk", "sequential", "lookupsPerSec", 3_100_000));
    all.add(entry("pk", "random", "lookupsPerSec", 740_000));
    for (String directory : List.of("mmap", "bytebuffers")) {
      all.add(entry("load", directory, "capacityQps", 2_800));
      all.add(entry("load", directory, "p50Ms", 3));
      all.add(entry("load", directory, "p99Ms", 24));
      all.add(entry("load", directory, "p999Ms", 60));
    }
    all.add(entry("calibration", CalibrateSpec.TASK, "score", 34));
    // The harness's own list, so every synthetic query series is one ingestion would produce.
    for (String family : HarnessTasks.CATEGORIES) {
      double qps = 50 + (family.hashCode() & 0x7fff) % 900;
      all.add(entry("search", family, "qps", qps));
      all.add(entry("search", family, "qpsFastest", qps * 1.15));
    }
    return all;
  }
}
