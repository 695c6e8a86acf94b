package org.nightbench.annotations;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The annotation table: what applies to a chart, and writes with who and when. */
@Repository
class AnnotationRepository {

  /** A checked annotation, ready to store. */
  record Row(
      Instant at,
      Long runId,
      String shortText,
      String longText,
      String kind,
      String scope,
      Long seriesId,
      String benchmark) {}

  private static final String COLUMNS =
      "a.id, a.at, a.run_id, a.short_text, a.long_text, a.kind, a.scope, a.series_id,"
          + " a.benchmark, a.created_by, a.created_at, a.updated_by, a.updated_at";

  private final JdbcClient jdbc;

  AnnotationRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The annotations on one series' chart from {@code from} to {@code to} (null: open), each
   * lettered by its place among all of the chart's in date order, at most {@code max} of them.
   */
  AnnotationService.InView forSeries(
      long seriesId, String benchmark, Instant from, Instant to, int max) {
    // The chart's are those within the series' nights (a day either side): it shows no others.
    // Each is numbered among all of them, for a letter that does not change with the window. Of
    // those in the window, when more than max, every k-th in date order: dense stretches are
    // thinned evenly and the answer stays small whatever was imported. The automatic ones at the
    // series' segment starts are never thinned: each marks where the series measures another
    // benchmark.
    long[] inView = {0};
    List<Annotation> shown =
        jdbc.sql(
                "with chart as (select a.*, row_number() over (order by a.at, a.id) - 1 as n"
                    + " from annotation a join series s on s.id = :series"
                    + " where (a.scope = 'all' or (a.scope = 'group' and a.benchmark = :benchmark)"
                    + " or (a.scope = 'series' and a.series_id = :series))"
                    + " and (s.first_x is null or a.at between s.first_x - interval '1 day'"
                    + " and s.last_x + interval '1 day')),"
                    + " windowed as (select c.*, row_number() over (partition by"
                    + " c.kind = 'benchmark-changed' order by c.at, c.id) - 1 as k,"
                    + " count(*) over (partition by c.kind = 'benchmark-changed') as thinnable,"
                    + " count(*) over () as total from chart c"
                    + " where c.at >= coalesce(cast(:from as timestamptz), '-infinity')"
                    + " and c.at <= coalesce(cast(:to as timestamptz), 'infinity'))"
                    + " select "
                    + COLUMNS
                    + ", a.n, a.total from windowed a"
                    + " where a.kind = 'benchmark-changed' or a.thinnable <= :max"
                    + " or a.k % cast(ceil(a.thinnable / cast(:max as double precision)) as bigint)"
                    + " = 0"
                    + " order by a.at, a.id")
            .param("series", seriesId)
            .param("benchmark", benchmark)
            .param("from", from == null ? null : utc(from))
            .param("to", to == null ? null : utc(to))
            .param("max", max)
            .query(
                (rs, row) -> {
                  inView[0] = rs.getLong("total");
                  return annotation(rs, Letters.of(Math.toIntExact(rs.getLong("n"))));
                })
            .list();
    return new AnnotationService.InView(shown, inView[0]);
  }

  /**
   * Every annotation in date order, optionally of one scope and of one benchmark group (a group's
   * own and its series').
   */
  List<Annotation> all(String scope, String benchmark) {
    return jdbc.sql(
            "select "
                + COLUMNS
                + " from annotation a left join series s on s.id = a.series_id"
                + " where (cast(:scope as text) is null or a.scope = :scope)"
                + " and (cast(:benchmark as text) is null"
                + " or coalesce(a.benchmark, s.benchmark) = :benchmark)"
                + " order by a.at, a.id")
        .param("scope", scope)
        .param("benchmark", benchmark)
        .query((rs, row) -> annotation(rs, null))
        .list();
  }

  Optional<Annotation> find(long id) {
    return jdbc.sql("select " + COLUMNS + " from annotation a where a.id = ?")
        .param(id)
        .query((rs, row) -> annotation(rs, null))
        .optional();
  }

  /**
   * How many annotations there are, of every kind, in the scope {@code row} names (all series, one
   * benchmark group or one series).
   */
  long countInScope(Row row) {
    return jdbc.sql(
            "select count(*) from annotation where scope = :scope"
                + " and series_id is not distinct from :series"
                + " and benchmark is not distinct from :benchmark")
        .param("scope", row.scope())
        .param("series", row.seriesId())
        .param("benchmark", row.benchmark())
        .query(Long.class)
        .single();
  }

  /** Annotations {@code user} made within the last 24 hours. */
  long countCreatedWithinADayBy(String user) {
    return jdbc.sql(
            "select count(*) from annotation where created_by = ?"
                + " and created_at > now() - interval '1 day'")
        .param(user)
        .query(Long.class)
        .single();
  }

  /** Stores a new annotation written by {@code user}; its id. */
  long insert(Row row, String user) {
    return bind(
            jdbc.sql(
                "insert into annotation (at, run_id, short_text, long_text, kind, scope,"
                    + " series_id, benchmark, created_by) values (:at, :run, :short, :long, :kind,"
                    + " :scope, :series, :benchmark, :user) returning id"),
            row,
            user)
        .query(Long.class)
        .single();
  }

  /**
   * Stores an annotation the application wrote (a segment's start) unless the series has one of its
   * kind at that run already: a run ingested again adds none.
   */
  void insertAutomatic(Row row, String author) {
    bind(
            jdbc.sql(
                "insert into annotation (at, run_id, short_text, long_text, kind, scope,"
                    + " series_id, benchmark, created_by) values (:at, :run, :short, :long, :kind,"
                    + " :scope, :series, :benchmark, :user)"
                    + " on conflict (series_id, run_id) where kind = 'benchmark-changed' do nothing"),
            row,
            author)
        .update();
  }

  /** {@code statement} with {@code row}'s columns and {@code user} bound by name. */
  private static JdbcClient.StatementSpec bind(
      JdbcClient.StatementSpec statement, Row row, String user) {
    return statement
        .param("at", utc(row.at()))
        .param("run", row.runId())
        .param("short", row.shortText())
        .param("long", row.longText())
        .param("kind", row.kind())
        .param("scope", row.scope())
        .param("series", row.seriesId())
        .param("benchmark", row.benchmark())
        .param("user", user);
  }

  /** Replaces an annotation's content, recording {@code user} and now; false if there is none. */
  boolean update(long id, Row row, String user) {
    return bind(
                jdbc.sql(
                    "update annotation set at = :at, run_id = :run, short_text = :short,"
                        + " long_text = :long, kind = :kind, scope = :scope, series_id = :series,"
                        + " benchmark = :benchmark, updated_by = :user, updated_at = now()"
                        + " where id = :id"),
                row,
                user)
            .param("id", id)
            .update()
        == 1;
  }

  /** False if there was none. Change points that named it keep their triage, without it. */
  boolean delete(long id) {
    return jdbc.sql("delete from annotation where id = ?").param(id).update() == 1;
  }

  /** A run's revision date, or when it was queued if it has none; empty if there is no run. */
  Optional<Instant> runDate(long runId) {
    return jdbc.sql("select coalesce(revision_date, queued_at) from run where id = ?")
        .param(runId)
        .query((rs, row) -> rs.getTimestamp(1).toInstant())
        .optional();
  }

  boolean seriesExists(long id) {
    return jdbc.sql("select exists (select 1 from series where id = ?)")
        .param(id)
        .query(Boolean.class)
        .single();
  }

  boolean benchmarkExists(String benchmark) {
    return jdbc.sql("select exists (select 1 from series where benchmark = ?)")
        .param(benchmark)
        .query(Boolean.class)
        .single();
  }

  private static OffsetDateTime utc(Instant at) {
    return at.atOffset(ZoneOffset.UTC);
  }

  private static Annotation annotation(ResultSet rs, String letter) throws SQLException {
    return new Annotation(
        rs.getLong("id"),
        letter,
        rs.getTimestamp("at").toInstant(),
        rs.getObject("run_id", Long.class),
        rs.getString("short_text"),
        rs.getString("long_text"),
        rs.getString("kind"),
        rs.getString("scope"),
        rs.getObject("series_id", Long.class),
        rs.getString("benchmark"),
        rs.getString("created_by"),
        rs.getTimestamp("created_at").toInstant(),
        rs.getString("updated_by"),
        instant(rs.getTimestamp("updated_at")));
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
