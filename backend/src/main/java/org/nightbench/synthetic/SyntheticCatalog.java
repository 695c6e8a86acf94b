package org.nightbench.synthetic;

import java.util.ArrayList;
import java.util.List;

/**
 * The names of synthetic series, shaped like the real suite's so the dashboard's groups, units and
 * directions look as they will in production: indexing variants, NRT reopen, every query family, PK
 * lookups, response time under load, calibration.
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

  /**
   * luceneutil's nightly chart families, not the harness's own list ({@code
   * org.nightbench.protocol.HarnessTasks}): seven of them the harness does not generate and it
   * generates ten that are missing here. Kept as they are, in this order, because the synthetic
   * history draws its series and their levels from this list.
   */
  private static final List<String> QUERY_FAMILIES =
      List.of(
          "HighTerm",
          "MedTerm",
          "LowTerm",
          "AndHighHigh",
          "AndHighMed",
          "AndHighLow",
          "OrHighHigh",
          "OrHighMed",
          "OrHighLow",
          "OrNotHighHigh",
          "OrNotHighMed",
          "OrHighNotHigh",
          "AndHighOrMedMed",
          "HighPhrase",
          "MedPhrase",
          "LowPhrase",
          "HighSloppyPhrase",
          "MedSloppyPhrase",
          "LowSloppyPhrase",
          "HighSpanNear",
          "MedSpanNear",
          "HighIntervalsOrdered",
          "Fuzzy1",
          "Fuzzy2",
          "Prefix3",
          "Wildcard",
          "Respell",
          "IntNRQ",
          "HighTermDayOfYearSort",
          "HighTermTitleSort",
          "BrowseMonthSSDVFacets",
          "BrowseDayOfYearSSDVFacets",
          "CountTerm",
          "CountAndHighHigh",
          "CountOrHighHigh",
          "CountPhrase",
          "PKLookup",
          "TermDTSort",
          "MedTermDayTaxoFacets",
          "OrHighMedDayTaxoFacets",
          "AndHighHighDayTaxoFacets",
          "BrowseRandomLabelSSDVFacets",
          "HighTermMonthSort",
          "CombinedTerm",
          "CombinedOrHighHigh",
          "FilteredOrHighHigh");

  private SyntheticCatalog() {}

  /** The first {@code count} entries: the fixed benchmarks first, then query families. */
  static List<Entry> entries(int count) {
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
    for (String family : QUERY_FAMILIES) {
      double qps = 50 + (family.hashCode() & 0x7fff) % 900;
      all.add(new Entry("search", family, "qps", "queries/s", true, qps));
      all.add(new Entry("search", family, "qpsFastest", "queries/s", true, qps * 1.15));
    }
    if (count > all.size()) {
      throw new IllegalArgumentException(
          "at most " + all.size() + " synthetic series, not " + count);
    }
    return all.subList(0, count);
  }
}
