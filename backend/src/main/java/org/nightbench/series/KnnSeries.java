package org.nightbench.series;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A series of the KNN benchmark with what the KNN page reads off its task, named as the harness
 * names it: {@code <format>-fanout<n>} for a search of the merged index at one fanout, {@code
 * <format>} for the format's own figures (index time, size); filtered and unmerged searches are
 * neither.
 */
record KnnSeries(Series series, long pointCount, Instant lastX) {

  /** The benchmark whose series these are, as the harness's KNN step names it. */
  static final String BENCHMARK = "knn";

  private static final Pattern SEARCH = Pattern.compile("([a-z0-9]+)-fanout(\\d+)");
  private static final Pattern LEVEL = Pattern.compile("([a-z0-9]+)-level(\\d+)");
  private static final Pattern FORMAT = Pattern.compile("[a-z0-9]+");

  /** The vector format, e.g. {@code int7}; null when the task is none of the kinds. */
  String format() {
    Matcher search = SEARCH.matcher(series.task());
    if (search.matches()) {
      return search.group(1);
    }
    Matcher level = LEVEL.matcher(series.task());
    if (level.matches()) {
      return level.group(1);
    }
    return FORMAT.matcher(series.task()).matches() ? series.task() : null;
  }

  /** The graph level of a connectivity series, null for any other. */
  Integer level() {
    Matcher level = LEVEL.matcher(series.task());
    return level.matches() ? Integer.valueOf(level.group(2)) : null;
  }

  /** What kind of line the series is: a search, a graph level or the format's own figure. */
  KnnMetric.Kind kind() {
    return fanout() != null
        ? KnnMetric.Kind.SEARCH
        : level() != null ? KnnMetric.Kind.LEVEL : KnnMetric.Kind.FORMAT;
  }

  /** The fanout of a search series, null for a format's own series or any other. */
  Integer fanout() {
    Matcher search = SEARCH.matcher(series.task());
    return search.matches() ? Integer.valueOf(search.group(2)) : null;
  }

  /** Where it was measured: machine, JDK, corpus and profile. */
  KnnPage.Setting setting() {
    return new KnnPage.Setting(series.machine(), series.jdk(), series.corpus(), series.profile());
  }
}
