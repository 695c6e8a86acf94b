package org.nightbench.series;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The one rule for "latest" and "previous" (issue 28): a series, or a machine's runs, in their own
 * order. Releases only (every point a {@code maven:} spec with a version) are read in version
 * order, because a 9.x patch can be released after 10.0 and is not newer for it; anything else in
 * the order of its revision (commit) date, ties by run id. The series page's chart applies the same
 * rule in {@code series-points.js} ({@code isReleaseSeries}, {@code compareVersions}); every page,
 * the digest and the API ask here.
 */
public final class SeriesOrder {

  private SeriesOrder() {}

  /** Where one point (or run) sits: its revision date, run, Lucene spec and version. */
  public record Position(Instant x, long runId, String luceneSpec, String luceneVersion) {

    /** A release: a Maven spec whose version is known. */
    public boolean release() {
      return luceneVersion != null && luceneSpec != null && luceneSpec.startsWith("maven:");
    }
  }

  /**
   * Whether every one of {@code positions} is a release, so that they are read in version order.
   */
  public static boolean allReleases(List<Position> positions) {
    return !positions.isEmpty() && positions.stream().allMatch(Position::release);
  }

  /** {@code items} in their own order, oldest first: a new list, the given one is left as it is. */
  public static <T> List<T> sorted(List<T> items, Function<T, Position> position) {
    List<T> sorted = new ArrayList<>(items);
    boolean releases = allReleases(items.stream().map(position).toList());
    sorted.sort(Comparator.comparing(position, comparator(releases)));
    return sorted;
  }

  /** Version order for releases, else revision date; then revision date and run id break ties. */
  static Comparator<Position> comparator(boolean releases) {
    Comparator<Position> byDate =
        Comparator.comparing(Position::x, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparingLong(Position::runId);
    if (!releases) {
      return byDate;
    }
    return Comparator.<Position, String>comparing(
            Position::luceneVersion, SeriesOrder::compareVersions)
        .thenComparing(byDate);
  }

  /**
   * Compares dotted versions part by part as numbers ({@code 9.12.3 < 10.0.0}), as {@code
   * series-points.js} does: a part that is not a number (a {@code SNAPSHOT}) ends the comparison.
   */
  public static int compareVersions(String a, String b) {
    String[] pa = a.split("[.-]");
    String[] pb = b.split("[.-]");
    for (int i = 0; i < Math.max(pa.length, pb.length); i++) {
      Integer x = number(i < pa.length ? pa[i] : "0");
      Integer y = number(i < pb.length ? pb[i] : "0");
      if (x == null || y == null || !x.equals(y)) {
        return Integer.compare(x == null ? 0 : x, y == null ? 0 : y);
      }
    }
    return 0;
  }

  private static Integer number(String part) {
    int end = 0;
    while (end < part.length() && end < 9 && Character.isDigit(part.charAt(end))) {
      end++;
    }
    return end == 0 ? null : Integer.valueOf(part.substring(0, end));
  }
}
