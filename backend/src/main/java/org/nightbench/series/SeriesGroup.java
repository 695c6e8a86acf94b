package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** All series of one benchmark (e.g. indexing or search), in task order. */
@Schema(description = "The series of one benchmark, ordered by task, metric and identity")
public record SeriesGroup(String benchmark, List<SeriesSummary> series) {

  /** The benchmarks in the order a reader of Lucene's nightly pages expects them. */
  private static final List<String> ORDER =
      List.of(
          "indexing",
          "nrt",
          "search",
          "pk",
          "storedFields",
          "checkIndex",
          "coldCache",
          "load",
          "calibration");

  /** The group's heading, e.g. {@code NRT reopen} for {@code nrt}. */
  public String title() {
    return switch (benchmark) {
      case "indexing" -> "Indexing";
      case "nrt" -> "NRT reopen";
      case "search" -> "Search, by query family";
      case "pk" -> "Primary-key lookups";
      case "storedFields" -> "Stored fields";
      case "checkIndex" -> "CheckIndex";
      case "coldCache" -> "Search on a cold page cache";
      case "load" -> "Response time under load";
      case "calibration" -> "Machine calibration";
      default -> benchmark;
    };
  }

  /** Known benchmarks first, in {@link #ORDER}; others after them by name. */
  static int rank(String benchmark) {
    int known = ORDER.indexOf(benchmark);
    return known >= 0 ? known : ORDER.size();
  }
}
