package org.nightbench.bisect;

import java.util.Optional;
import org.nightbench.changepoints.Alert;
import org.nightbench.changepoints.ChangePointService;
import org.nightbench.web.NotFoundException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Turns each way of asking for a bisect into its two commits and measurement: two commits given, an
 * alert, or two points (runs) of a series, whose runs recorded the commit they were built from
 * ({@code git:} runs, and releases whose jar or tag names theirs).
 */
@Component
class BisectTargets {

  private record SeriesRow(
      String benchmark, String task, String metric, String profile, String corpus) {}

  private final ChangePointService changePoints;
  private final JdbcClient jdbc;

  BisectTargets(ChangePointService changePoints, JdbcClient jdbc) {
    this.changePoints = changePoints;
    this.jdbc = jdbc;
  }

  BisectTarget of(BisectRequest r) {
    if (r == null) {
      throw new IllegalArgumentException(
          "a bisect needs good and bad commits with benchmark, task and metric, a changePointId,"
              + " or a seriesId with goodRunId and badRunId");
    }
    if (r.changePointId() != null) {
      return ofAlert(changePoints.alert(r.changePointId()), r);
    }
    if (r.seriesId() != null) {
      if (r.goodRunId() == null || r.badRunId() == null) {
        throw new IllegalArgumentException("a bisect of a series needs goodRunId and badRunId");
      }
      SeriesRow s = series(r.seriesId());
      return new BisectTarget(
          commitOf(r.seriesId(), r.goodRunId()),
          commitOf(r.seriesId(), r.badRunId()),
          s.benchmark(),
          s.task(),
          s.metric(),
          or(r.profile(), s.profile()),
          or(r.corpus(), s.corpus()),
          null,
          r.seriesId());
    }
    if (blank(r.good()) || blank(r.bad())) {
      throw new IllegalArgumentException(
          "a bisect needs good and bad commits, e.g. {\"good\": \"3f2a9c1\", \"bad\": \"main\"}");
    }
    return new BisectTarget(
        r.good().strip(),
        r.bad().strip(),
        r.benchmark(),
        r.task(),
        r.metric(),
        r.profile(),
        r.corpus(),
        null,
        null);
  }

  private BisectTarget ofAlert(Alert alert, BisectRequest r) {
    if (alert.previousCommitSha() == null || alert.commitSha() == null) {
      throw new IllegalArgumentException(
          "change point "
              + alert.id()
              + " is not between two points with a recorded commit: "
              + (alert.previousCommitSha() == null ? "the point before it" : "its point")
              + " recorded none (a release measured before releases recorded their commit, or"
              + " whose jar names none); queue a run of it again to record one");
    }
    SeriesRow s = series(alert.seriesId());
    return new BisectTarget(
        alert.previousCommitSha(),
        alert.commitSha(),
        alert.benchmark(),
        alert.task(),
        alert.metric(),
        or(r.profile(), s.profile()),
        or(r.corpus(), s.corpus()),
        alert.id(),
        alert.seriesId());
  }

  private SeriesRow series(long id) {
    return jdbc.sql("select benchmark, task, metric, profile, corpus from series where id = ?")
        .param(id)
        .query(SeriesRow.class)
        .optional()
        .orElseThrow(() -> new IllegalArgumentException("no series " + id));
  }

  /** The commit of a run that is a point of the series: a run of another series is refused. */
  private String commitOf(long seriesId, long runId) {
    Optional<String> sha =
        jdbc.sql(
                "select r.commit_sha from measurement m join run r on r.id = m.run_id"
                    + " where m.series_id = ? and m.run_id = ? limit 1")
            .params(seriesId, runId)
            .query((rs, row) -> Optional.ofNullable(rs.getString(1)))
            .optional()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "run " + runId + " is no point of series " + seriesId));
    return sha.orElseThrow(
        () ->
            new IllegalArgumentException(
                "run "
                    + runId
                    + " recorded no commit (a release measured before releases recorded their"
                    + " commit, or whose jar names none); only points with a commit bisect"));
  }

  /**
   * Why a bisect of change point {@code id} would be refused for its ends, or empty when both
   * recorded a commit: lets a page offer the bisect only when the service would start it.
   */
  Optional<String> refusalForChangePoint(long id) {
    try {
      of(
          new BisectRequest(
              null, null, null, null, null, id, null, null, null, null, null, null, null, null));
      return Optional.empty();
    } catch (IllegalArgumentException | NotFoundException e) {
      return Optional.of(e.getMessage());
    }
  }

  /** How many points of series {@code id} recorded a commit: a bisect of the series needs two. */
  int pointsWithCommit(long seriesId) {
    return jdbc.sql(
            "select count(distinct r.commit_sha) from measurement m join run r on r.id = m.run_id"
                + " where m.series_id = ? and r.commit_sha is not null")
        .param(seriesId)
        .query(Integer.class)
        .single();
  }

  private static String or(String given, String otherwise) {
    return blank(given) ? otherwise : given.strip();
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }
}
