package org.nightbench.synthetic;

import java.util.ArrayList;
import java.util.List;
import org.nightbench.protocol.HarnessTasks;

/**
 * The names of synthetic series, those the real suite's results are ingested under, so the
 * dashboard's groups, units and directions look as they will in production: indexing variants, NRT
 * reopen, PK lookups, response time under load, calibration, and every query category the harness
 * generates ({@link HarnessTasks#CATEGORIES}).
 */
final class SyntheticCatalog {

  /** What a synthetic series claims to measure, with a plausible level. */
  record Entry(
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter,
      double base) {}

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
   * Every entry, named as ingestion names the harness's metrics (benchmark, task, metric, unit and
   * direction as {@code benchjobs} writes them), each with a plausible level.
   */
  private static List<Entry> all() {
    List<Entry> all = new ArrayList<>();
    for (String variant : List.of("1kb-docs", "4kb-docs", "1kb-docs-deterministic")) {
      all.add(new Entry("indexing", variant, "docsPerSec", "docs/s", true, 12_000));
      all.add(new Entry("indexing", variant, "gbPerHour", "GB/hour", true, 9));
      all.add(new Entry("indexing", variant, "indexSizeMB", "MB", false, 180));
      all.add(new Entry("indexing", variant, "segmentCount", "segments", false, 14));
      all.add(new Entry("indexing", variant, "mergeSeconds", "s", false, 11));
      all.add(new Entry("indexing", variant, "gcSeconds", "s", false, 0.8));
      all.add(new Entry("indexing", variant, "flushSeconds", "s", false, 6));
      all.add(new Entry("indexing", variant, "gcCount", "collections", false, 60));
      all.add(new Entry("indexing", variant, "jitSeconds", "s", false, 4));
      all.add(new Entry("indexing", variant, "peakHeapMB", "MB", false, 700));
    }
    for (String variant : List.of("plain", "merging", "throttled")) {
      all.add(new Entry("nrt", variant, "reopenP50Ms", "ms", false, 40));
      all.add(new Entry("nrt", variant, "reopenMeanMs", "ms", false, 60));
      all.add(new Entry("nrt", variant, "reopenP90Ms", "ms", false, 120));
      all.add(new Entry("nrt", variant, "reopenP99Ms", "ms", false, 300));
      all.add(new Entry("nrt", variant, "reopenMaxMs", "ms", false, 600));
      all.add(new Entry("nrt", variant, "searchQps", "queries/s", true, 900));
    }
    all.add(new Entry("pk", "sequential", "lookupsPerSec", "lookups/s", true, 3_100_000));
    all.add(new Entry("pk", "random", "lookupsPerSec", "lookups/s", true, 740_000));
    for (String directory : List.of("mmap", "bytebuffers")) {
      all.add(new Entry("load", directory, "capacityQps", "queries/s", true, 2_800));
      all.add(new Entry("load", directory, "p50Ms", "ms", false, 3));
      all.add(new Entry("load", directory, "p99Ms", "ms", false, 24));
      all.add(new Entry("load", directory, "p999Ms", "ms", false, 60));
    }
    all.add(new Entry("calibration", "machine", "score", "units/s", true, 34));
    // The harness's own list, so every synthetic query series is one ingestion would produce.
    for (String family : HarnessTasks.CATEGORIES) {
      double qps = 50 + (family.hashCode() & 0x7fff) % 900;
      all.add(new Entry("search", family, "qps", "queries/s", true, qps));
      all.add(new Entry("search", family, "qpsFastest", "queries/s", true, qps * 1.15));
    }
    return all;
  }
}
