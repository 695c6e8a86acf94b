package org.nightbench.ingest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a series' segments start, read from its points' settings hashes and measuring versions
 * (asv's benchmark version): one rule for the chart, detection and the digest. A point without them
 * (stored before they were recorded) is unknown and read as the same as its neighbours, so it never
 * starts a segment and an old database's series stay whole.
 */
@Component
public class SeriesSegments {

  /**
   * The newest point with known settings among a series' points up to a point ({@code <} before it,
   * {@code <=} at it or before), read backwards along the partial index of such points: the first
   * run after an upgrade does not walk the old points. Ingestion writes a point's hash and version
   * together, so the point that knows one knows both.
   */
  private static final String LAST_KNOWN =
      " left join lateral (select p.settings_hash, p.measuring_version from measurement p"
          + " where p.series_id = t.series_id and p.settings_hash is not null"
          + " and (p.x, p.run_id) %s (%s.x, %s.run_id)"
          + " order by p.x desc, p.run_id desc limit 1) p on true";

  private final JdbcClient jdbc;
  private final JsonMapper json;

  SeriesSegments(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  /**
   * Every segment start of a series after its first, in x order. Read from the points that know
   * their settings only (the partial index's): an unknown point never starts a segment nor hides
   * one, so leaving them out changes nothing, and detection's read of a series stays as cheap.
   */
  @Transactional(readOnly = true)
  public List<SegmentStart> starts(long seriesId) {
    List<Point> points =
        jdbc.sql(
                "select run_id, x, settings_hash, measuring_version from measurement"
                    + " where series_id = ? and settings_hash is not null order by x, run_id")
            .param(seriesId)
            .query(
                (rs, row) ->
                    new Point(
                        rs.getLong(1),
                        rs.getTimestamp(2).toInstant(),
                        rs.getString(3),
                        (Integer) rs.getObject(4)))
            .list();
    Map<String, Settings> settings = settings(points);
    List<Integer> at =
        startIndices(
            points.stream().map(Point::hash).toList(),
            points.stream().map(Point::version).toList(),
            (a, b) -> differ(settings.get(a), settings.get(b)));
    if (at.isEmpty()) {
      return List.of();
    }
    List<SegmentStart> starts = new ArrayList<>(at.size());
    for (int i : at) {
      Point point = points.get(i);
      Point before = lastKnown(points, i);
      starts.add(
          new SegmentStart(
              point.runId(),
              point.x(),
              describe(
                  settings.get(before.hash()),
                  before.version(),
                  settings.get(point.hash()),
                  point.version())));
    }
    return starts;
  }

  /**
   * The series where {@code runId}'s point starts a new segment, by series: its settings or
   * measuring version differ from the last known ones before it in the series.
   */
  @Transactional(readOnly = true)
  public Map<Long, SegmentStart> startsAt(long runId) {
    return changes(
        "select t.series_id, t.run_id, t.x, t.settings_hash, t.measuring_version,"
            + " p.settings_hash, p.measuring_version from measurement t"
            + LAST_KNOWN.formatted("<", "t", "t")
            + " where t.run_id = :to and t.settings_hash is not null",
        Map.of("to", runId));
  }

  /**
   * The series whose point of {@code toRun} was measured with other settings or another measuring
   * version than the series had at {@code fromRun}'s point, by series: comparing the two nights
   * compares two benchmarks.
   */
  @Transactional(readOnly = true)
  public Map<Long, SegmentStart> changedBetween(long fromRun, long toRun) {
    return changes(
        "select t.series_id, t.run_id, t.x, t.settings_hash, t.measuring_version,"
            + " p.settings_hash, p.measuring_version from measurement t"
            + " join measurement f on f.series_id = t.series_id and f.run_id = :from"
            + LAST_KNOWN.formatted("<=", "f", "f")
            + " where t.run_id = :to and t.settings_hash is not null",
        Map.of("from", fromRun, "to", toRun));
  }

  private Map<Long, SegmentStart> changes(String sql, Map<String, Object> params) {
    record Row(long seriesId, Point to, Point before) {}
    List<Row> rows =
        jdbc.sql(sql)
            .params(params)
            .query(
                (rs, row) ->
                    new Row(
                        rs.getLong(1),
                        new Point(
                            rs.getLong(2),
                            rs.getTimestamp(3).toInstant(),
                            rs.getString(4),
                            (Integer) rs.getObject(5)),
                        new Point(0, null, rs.getString(6), (Integer) rs.getObject(7))))
            .list();
    List<Point> involved = new ArrayList<>();
    rows.stream()
        // Only rows whose hash or version moved can start a segment: their settings are read.
        .filter(
            row ->
                !Objects.equals(row.before().hash(), row.to().hash())
                    || !Objects.equals(row.before().version(), row.to().version()))
        .forEach(
            row -> {
              involved.add(row.before());
              involved.add(row.to());
            });
    Map<String, Settings> settings = settings(involved);
    List<Row> changed =
        rows.stream()
            .filter(
                row ->
                    startIndices(
                            Arrays.asList(row.before().hash(), row.to().hash()),
                            Arrays.asList(row.before().version(), row.to().version()),
                            (a, b) -> differ(settings.get(a), settings.get(b)))
                        .contains(1))
            .toList();
    if (changed.isEmpty()) {
      return Map.of();
    }
    Map<Long, SegmentStart> starts = new LinkedHashMap<>();
    for (Row row : changed) {
      starts.put(
          row.seriesId(),
          new SegmentStart(
              row.to().runId(),
              row.to().x(),
              describe(
                  settings.get(row.before().hash()),
                  row.before().version(),
                  settings.get(row.to().hash()),
                  row.to().version())));
    }
    return starts;
  }

  /**
   * The indices whose point starts a new segment: its hash (or version) is known and differs from
   * the last known hash (or version) before it, where {@code differ} says whether two known hashes'
   * settings measure different benchmarks. Nulls are unknown: never a start, never a reset.
   */
  static List<Integer> startIndices(
      List<String> hashes, List<Integer> versions, BiPredicate<String, String> differ) {
    List<Integer> starts = new ArrayList<>();
    String hash = null;
    Integer version = null;
    for (int i = 0; i < hashes.size(); i++) {
      String h = hashes.get(i);
      Integer v = versions.get(i);
      boolean changed =
          (h != null && hash != null && !h.equals(hash) && differ.test(hash, h))
              || (v != null && version != null && !v.equals(version));
      if (changed) {
        starts.add(i);
      }
      hash = h != null ? h : hash;
      version = v != null ? v : version;
    }
    return starts;
  }

  /**
   * What changed, for a reader: {@code benchmark changed: nrt reopen-interval-ms 1000 → 50}, each
   * setting both sides name that differs (one only one side names changed nothing, see {@link
   * #differ}), then the measuring version if it moved. Either side's settings may be null
   * (unknown).
   */
  static String describe(Settings from, Integer fromVersion, Settings to, Integer toVersion) {
    List<String> changes = new ArrayList<>();
    if (from != null && to != null && differ(from, to)) {
      StringBuilder settings = new StringBuilder(to.type());
      if (!from.type().equals(to.type())) {
        settings.append(" (was ").append(from.type()).append(')');
      }
      List<String> moved = new ArrayList<>();
      for (Map.Entry<String, String> entry : from.values().entrySet()) {
        String b = to.values().get(entry.getKey());
        if (b != null && !b.equals(entry.getValue())) {
          moved.add(entry.getKey() + " " + entry.getValue() + " → " + b);
        }
      }
      if (!moved.isEmpty()) {
        settings.append(' ').append(String.join(", ", moved));
      }
      changes.add(settings.toString());
    }
    if (fromVersion != null && toVersion != null && !fromVersion.equals(toVersion)) {
      changes.add("harness measuring version " + fromVersion + " → " + toVersion);
    }
    return SegmentStart.BENCHMARK_CHANGED
        + (changes.isEmpty() ? "" : ": " + String.join("; ", changes));
  }

  /**
   * Whether two settings measure different benchmarks: another step type, or a setting both name
   * with another value. A setting only one side names is not a change: the spec gained or lost a
   * knob (a harness upgrade, or a step's inputs recorded from then on) and the night without it
   * measured with what the knob now says by default; a harness change that moves numbers says so
   * with its measuring version. Settings not found behind a hash are taken as different.
   */
  static boolean differ(Settings a, Settings b) {
    if (a == null || b == null || !a.type().equals(b.type())) {
      return true;
    }
    for (Map.Entry<String, String> entry : a.values().entrySet()) {
      String other = b.values().get(entry.getKey());
      if (other != null && !other.equals(entry.getValue())) {
        return true;
      }
    }
    return false;
  }

  /** The last point before {@code i} whose hash (and version) are known, field by field. */
  private static Point lastKnown(List<Point> points, int i) {
    String hash = null;
    Integer version = null;
    for (int j = i - 1; j >= 0 && (hash == null || version == null); j--) {
      hash = hash != null ? hash : points.get(j).hash();
      version = version != null ? version : points.get(j).version();
    }
    return new Point(0, null, hash, version);
  }

  private Map<String, Settings> settings(List<Point> points) {
    Set<String> hashes = new LinkedHashSet<>();
    points.stream().map(Point::hash).filter(Objects::nonNull).forEach(hashes::add);
    Map<String, Settings> byHash = new HashMap<>();
    jdbc.sql(
            "select hash, type, settings::text from benchmark_settings"
                + " where hash = any(cast(? as text[]))")
        .param(hashes.toArray(String[]::new))
        .query(
            rs -> {
              SortedMap<String, String> values = new TreeMap<>();
              JsonNode node = json.readTree(rs.getString(3)).path("settings");
              for (Map.Entry<String, JsonNode> entry : node.properties()) {
                values.put(entry.getKey(), entry.getValue().asString());
              }
              byHash.put(rs.getString(1), new Settings(rs.getString(2), values));
            });
    return byHash;
  }

  /** One point's place and what it was measured with; hash and version null when unknown. */
  private record Point(long runId, Instant x, String hash, Integer version) {}

  /** The settings behind a hash: the step's type and its settings by name. */
  record Settings(String type, SortedMap<String, String> values) {}
}
