package org.nightbench.series;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads series and their measurements; never writes (ingestion owns the writes). */
@Repository
class SeriesRepository {

  private static final String SERIES_COLUMNS =
      "s.id, s.benchmark, s.task, s.metric, s.unit, s.higher_is_better,"
          + " s.machine, s.jdk, s.corpus, s.profile";

  private static final String ORDER =
      "s.benchmark, s.task, s.metric, s.machine, s.jdk, s.corpus, s.profile, s.id";

  /** Kept apart so a test can check its plan: it is the hot path of every series page. */
  static final String POINTS_SQL =
      "select m.x, m.value, m.stddev, m.run_id, r.lucene_spec, r.lucene_version,"
          + " r.disturbed_reason"
          + " from measurement m join run r on r.id = m.run_id"
          + " where m.series_id = ?"
          + " order by m.x, m.run_id";

  private final JdbcClient jdbc;

  SeriesRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Every series with its recent points (the newest by date, then put in the series' own order by
   * {@link RecentPoints}), newest last. The counts come from the series row (kept by triggers); the
   * recent points from a backward scan of the (series_id, x) index, so the cost grows with the
   * number of series, never with their history.
   */
  List<SeriesSummary> findAllSummaries() {
    return jdbc.sql(
            "select "
                + SERIES_COLUMNS
                + ", s.point_count, s.first_x, r.xs, r.vals, r.sds, r.runs, r.specs, r.versions,"
                + " r.disturbed, o.open, o.suspected"
                + " from series s"
                + " left join lateral (select array_agg(t.x order by t.x) xs,"
                + "   array_agg(t.value order by t.x) vals, array_agg(t.stddev order by t.x) sds,"
                + "   array_agg(t.run_id order by t.x) runs,"
                + "   array_agg(u.lucene_spec order by t.x) specs,"
                + "   array_agg(u.lucene_version order by t.x) versions,"
                + "   array_agg(u.disturbed_reason order by t.x) disturbed"
                + "   from (select m.x, m.value, m.stddev, m.run_id from measurement m"
                + "     where m.series_id = s.id order by m.x desc limit "
                + SeriesSummary.RECENT_POINTS
                + ") t join run u on u.id = t.run_id) r on true"
                + " left join lateral (select count(*) open,"
                + "   count(*) filter (where c.stage = 'suspected') suspected from change_point c"
                + "   where c.series_id = s.id and c.state in ('untriaged', 'investigating')"
                + "   and c.stage <> 'withdrawn') o"
                + " on true"
                + " order by "
                + ORDER)
        .query(
            (rs, row) ->
                RecentPoints.summarise(
                    series(rs),
                    rs.getLong("point_count"),
                    instant(rs.getTimestamp("first_x")),
                    rs.getArray("xs"),
                    rs.getArray("vals"),
                    rs.getArray("sds"),
                    rs.getArray("runs"),
                    rs.getArray("specs"),
                    rs.getArray("versions"),
                    rs.getArray("disturbed"),
                    rs.getInt("open"),
                    rs.getInt("suspected")))
        .list();
  }

  /**
   * A value that changes whenever a summary could: points added or removed anywhere (every change
   * takes a new {@code points_version} from a sequence, so the sum only grows), a series added or
   * removed, a change point opened or closed. One scan of the series table, no measurements read.
   */
  String findSummariesVersion() {
    return jdbc.sql(
            "select (select count(*) || ':' || coalesce(sum(points_version), 0) || ':'"
                + " || coalesce(max(id), 0) from series)"
                + " || '/' || (select count(*) || ':' || coalesce(sum(id), 0) || ':'"
                + "   || count(*) filter (where stage = 'suspected') from change_point"
                + "   where state in ('untriaged', 'investigating') and stage <> 'withdrawn')")
        .query(String.class)
        .single();
  }

  /**
   * At most 600 series of the same benchmark and metric, same task elsewhere first: the service
   * picks its 60 from them by group.
   */
  List<Series> findRelated(Series of) {
    return jdbc.sql(
            "select "
                + SERIES_COLUMNS
                + " from series s where s.benchmark = ? and s.metric = ? and s.id <> ?"
                + " order by s.task <> ?, "
                + ORDER
                + " limit 600")
        .params(of.benchmark(), of.metric(), of.id(), of.task())
        .query((rs, row) -> series(rs))
        .list();
  }

  /**
   * The series of {@code of}'s benchmark and task on its machine, JDK, corpus and profile, itself
   * included: the same measurements' other metrics.
   */
  List<Series> findSameTask(Series of) {
    return jdbc.sql(
            "select "
                + SERIES_COLUMNS
                + " from series s where s.benchmark = ? and s.task = ? and s.machine = ?"
                + " and s.jdk = ? and s.corpus = ? and s.profile = ? order by "
                + ORDER)
        .params(of.benchmark(), of.task(), of.machine(), of.jdk(), of.corpus(), of.profile())
        .query((rs, row) -> series(rs))
        .list();
  }

  /**
   * Every series of the KNN benchmark with its point count and newest date, read off the series
   * rows (no measurement is read): what the KNN page lays its charts out from.
   */
  List<KnnSeries> findKnnSeries() {
    return jdbc.sql(
            "select "
                + SERIES_COLUMNS
                + ", s.point_count, s.last_x from series s where s.benchmark = ? order by "
                + ORDER)
        .param(KnnSeries.BENCHMARK)
        .query(
            (rs, row) ->
                new KnnSeries(
                    series(rs), rs.getLong("point_count"), instant(rs.getTimestamp("last_x"))))
        .list();
  }

  Optional<Series> findById(long id) {
    return jdbc.sql("select " + SERIES_COLUMNS + " from series s where s.id = ?")
        .param(id)
        .query((rs, row) -> series(rs))
        .optional();
  }

  /**
   * The points of one series in x order: one range scan of the covering index on measurement
   * (series_id, x), each run looked up by its primary key for its Lucene spec and version and
   * whether its machine was disturbed.
   */
  List<Point> findPoints(long seriesId) {
    return jdbc.sql(POINTS_SQL)
        .param(seriesId)
        .query(
            (rs, row) ->
                new Point(
                    rs.getTimestamp("x").getTime(),
                    SignificantDigits.round(rs.getDouble("value"), 6),
                    SignificantDigits.round(rs.getObject("stddev", Double.class), 3),
                    rs.getLong("run_id"),
                    rs.getString("lucene_spec"),
                    rs.getString("lucene_version"),
                    rs.getString("disturbed_reason")))
        .list();
  }

  /** The version of a series' points (see V7), empty for an unknown series. */
  Optional<Long> findPointsVersion(long seriesId) {
    return jdbc.sql("select points_version from series where id = ?")
        .param(seriesId)
        .query(Long.class)
        .optional();
  }

  /** The versions of several series' points by id (see V7); unknown ids are left out. */
  java.util.Map<Long, Long> findPointsVersions(List<Long> seriesIds) {
    java.util.Map<Long, Long> versions = new java.util.HashMap<>();
    jdbc.sql("select id, points_version from series where id = any(?)")
        .param(seriesIds.toArray(Long[]::new))
        .query((rs, row) -> versions.put(rs.getLong("id"), rs.getLong("points_version")))
        .list();
    return versions;
  }

  /**
   * The points one run added, one per series, in the series list's order, each with the same
   * series' point in {@code previousRunId} (none when that is null or did not measure it).
   */
  List<RunMeasurement> findMeasurementsOfRun(long runId, Long previousRunId) {
    return jdbc.sql(
            "select "
                + SERIES_COLUMNS
                + ", m.value, m.stddev, cardinality(m.samples) as jvms, p.value as previous,"
                + " p.run_id as previous_run"
                + " from measurement m join series s on s.id = m.series_id"
                + " left join measurement p on p.series_id = m.series_id and p.run_id = ?"
                + " where m.run_id = ? order by "
                + ORDER)
        .params(previousRunId, runId)
        .query(
            (rs, row) ->
                new RunMeasurement(
                    series(rs),
                    rs.getDouble("value"),
                    rs.getObject("stddev", Double.class),
                    rs.getInt("jvms"),
                    rs.getObject("previous", Double.class),
                    rs.getObject("previous_run", Long.class)))
        .list();
  }

  private static Series series(ResultSet rs) throws SQLException {
    return new Series(
        rs.getLong("id"),
        rs.getString("benchmark"),
        rs.getString("task"),
        rs.getString("metric"),
        rs.getString("unit"),
        rs.getBoolean("higher_is_better"),
        rs.getString("machine"),
        rs.getString("jdk"),
        rs.getString("corpus"),
        rs.getString("profile"));
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
