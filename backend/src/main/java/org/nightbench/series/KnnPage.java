package org.nightbench.series;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The KNN page's layout: for one setting (machine, JDK, corpus, profile), one chart per KNN metric
 * with one line per vector format and fanout (or graph level, for the graph's connectivity), and
 * for each format and fanout the recall and latency series its recall–latency frontier is drawn
 * from. Only series ids and names: the points come from the points API, as on a series page.
 *
 * @param settings every setting that has KNN series, the newest first
 * @param shown the setting drawn; null when there is no KNN series at all
 * @param formats the formats drawn, in the harness's order (hnsw, int7, int4, bq), then any other
 * @param fanouts the fanouts drawn, increasing
 * @param charts one per metric measured, in {@link KnnMetric}'s order
 * @param frontier each format and fanout with both a recall and a mean-latency series
 */
@Schema(description = "The KNN page: its charts per metric, a line per vector format and fanout")
public record KnnPage(
    List<Setting> settings,
    Setting shown,
    List<String> formats,
    List<Integer> fanouts,
    List<Chart> charts,
    List<FrontierLine> frontier) {

  /** The formats the harness measures, in its order. */
  static final List<String> FORMAT_ORDER = List.of("hnsw", "int7", "int4", "bq");

  /** Where the series were measured; KNN series are compared only within one setting. */
  public record Setting(String machine, String jdk, String corpus, String profile) {

    /** e.g. {@code bench-1 · JDK 25 · wikimedium10k · nightly}. */
    public String label() {
      return machine + " · JDK " + jdk + " · " + corpus + " · " + profile;
    }
  }

  /** One metric's chart: a line per format (and fanout, for a search metric). */
  public record Chart(
      String metric, String title, String unit, boolean higherIsBetter, List<Line> lines) {}

  /**
   * One series drawn: its format, fanout (a search's) or graph level (a connectivity figure's),
   * null where the line has none, and how many points.
   */
  public record Line(
      long seriesId, String format, Integer fanout, Integer level, long points, String label) {}

  /** The two series a format's frontier point at one fanout is read from, night by night. */
  public record FrontierLine(
      String format, int fanout, long recallSeriesId, long latencySeriesId) {}

  /**
   * The layout of {@code all} KNN series for {@code wanted}, or, when it is null or has no KNN
   * series, for the setting measured most recently.
   */
  static KnnPage of(List<KnnSeries> all, Setting wanted) {
    Map<Setting, Instant> newest = new LinkedHashMap<>();
    for (KnnSeries s : all) {
      if (s.format() != null && s.lastX() != null) {
        newest.merge(s.setting(), s.lastX(), (a, b) -> a.isAfter(b) ? a : b);
      }
    }
    List<Setting> settings =
        newest.entrySet().stream()
            .sorted(
                Map.Entry.<Setting, Instant>comparingByValue()
                    .reversed()
                    .thenComparing(e -> e.getKey().label()))
            .map(Map.Entry::getKey)
            .toList();
    if (settings.isEmpty()) {
      return new KnnPage(List.of(), null, List.of(), List.of(), List.of(), List.of());
    }
    Setting shown = settings.contains(wanted) ? wanted : settings.get(0);
    List<KnnSeries> drawn =
        all.stream()
            .filter(s -> s.setting().equals(shown) && s.format() != null && s.pointCount() > 0)
            .filter(s -> KnnMetric.of(s.series().metric()).isPresent())
            .filter(s -> KnnMetric.of(s.series().metric()).orElseThrow().kind() == s.kind())
            .sorted(
                Comparator.comparingInt((KnnSeries s) -> formatRank(s.format()))
                    .thenComparing(KnnSeries::format)
                    .thenComparing(s -> s.fanout() == null ? -1 : s.fanout())
                    .thenComparing(s -> s.level() == null ? -1 : s.level()))
            .toList();
    List<String> formats = drawn.stream().map(KnnSeries::format).distinct().toList();
    List<Integer> fanouts =
        List.copyOf(
            new TreeSet<>(drawn.stream().map(KnnSeries::fanout).filter(Objects::nonNull).toList()));
    List<Chart> charts = new ArrayList<>();
    for (KnnMetric metric : KnnMetric.values()) {
      List<KnnSeries> ofMetric =
          drawn.stream().filter(s -> s.series().metric().equals(metric.metric())).toList();
      if (ofMetric.isEmpty()) {
        continue;
      }
      Series first = ofMetric.get(0).series();
      charts.add(
          new Chart(
              metric.metric(),
              metric.title(),
              first.unit(),
              first.higherIsBetter(),
              ofMetric.stream()
                  .map(
                      s ->
                          new Line(
                              s.series().id(),
                              s.format(),
                              s.fanout(),
                              s.level(),
                              s.pointCount(),
                              label(s)))
                  .toList()));
    }
    return new KnnPage(settings, shown, formats, fanouts, charts, frontier(drawn));
  }

  private static String label(KnnSeries s) {
    if (s.fanout() != null) {
      return s.format() + " fanout " + s.fanout();
    }
    return s.level() != null ? s.format() + " level " + s.level() : s.format();
  }

  private static List<FrontierLine> frontier(List<KnnSeries> drawn) {
    Map<String, Long> recall = new LinkedHashMap<>();
    Map<String, Long> latency = new LinkedHashMap<>();
    for (KnnSeries s : drawn) {
      if (s.fanout() == null) {
        continue;
      }
      String key = s.format() + "\u001f" + s.fanout();
      if (s.series().metric().equals(KnnMetric.RECALL.metric())) {
        recall.put(key, s.series().id());
      } else if (s.series().metric().equals(KnnMetric.LATENCY_MEAN.metric())) {
        latency.put(key, s.series().id());
      }
    }
    List<FrontierLine> lines = new ArrayList<>();
    for (Map.Entry<String, Long> r : recall.entrySet()) {
      Long l = latency.get(r.getKey());
      if (l != null) {
        String[] parts = r.getKey().split("\u001f");
        lines.add(new FrontierLine(parts[0], Integer.parseInt(parts[1]), r.getValue(), l));
      }
    }
    return lines;
  }

  private static int formatRank(String format) {
    int rank = FORMAT_ORDER.indexOf(format);
    return rank < 0 ? FORMAT_ORDER.size() : rank;
  }
}
