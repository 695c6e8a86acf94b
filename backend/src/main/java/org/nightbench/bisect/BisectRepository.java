package org.nightbench.bisect;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.lucene.Commit;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The tables {@code bisect}, {@code bisect_commit} and {@code bisect_probe}. */
@Repository
class BisectRepository {

  private static final String BISECT =
      "select id, benchmark, task, metric, profile, corpus, jvms, max_jvms,"
          + " want_profiles as jfr, state,"
          + " good_position, bad_position, reference_effect, message, change_point_id, series_id,"
          + " annotation_id, requested_by, created_at, finished_at from bisect";

  private final JdbcClient jdbc;

  BisectRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Stores a new running bisect over {@code line} (oldest first: the good end, then on). */
  long insert(Bisect b, List<Commit> line) {
    long id =
        jdbc.sql(
                "insert into bisect (benchmark, task, metric, profile, corpus, jvms, max_jvms,"
                    + " want_profiles, state, good_position, bad_position, change_point_id,"
                    + " series_id, requested_by) values (?, ?, ?, ?, ?, ?, ?, ?, 'running', 0, ?,"
                    + " ?, ?, ?) returning id")
            .params(
                b.benchmark(),
                b.task(),
                b.metric(),
                b.profile(),
                b.corpus(),
                b.jvms(),
                b.maxJvms(),
                b.jfr(),
                line.size() - 1,
                b.changePointId(),
                b.seriesId(),
                b.requestedBy())
            .query(Long.class)
            .single();
    for (int position = 0; position < line.size(); position++) {
      Commit c = line.get(position);
      jdbc.sql(
              "insert into bisect_commit (bisect_id, position, sha, subject, author, committed_at)"
                  + " values (?, ?, ?, ?, ?, ?)")
          .params(id, position, c.sha(), c.subject(), c.author(), Timestamp.from(c.date()))
          .update();
    }
    return id;
  }

  Optional<Bisect> find(long id) {
    return jdbc.sql(BISECT + " where id = ?").param(id).query(Bisect.class).optional();
  }

  /** Locks a running bisect for one step of the poller; empty when another instance holds it. */
  Optional<Bisect> lockRunning(long id) {
    return jdbc.sql(BISECT + " where id = ? and state = 'running' for update skip locked")
        .param(id)
        .query(Bisect.class)
        .optional();
  }

  List<Long> running() {
    return jdbc.sql("select id from bisect where state = 'running' order by id")
        .query(Long.class)
        .list();
  }

  List<Bisect> recent(int limit, int offset) {
    return jdbc.sql(BISECT + " order by id desc limit ? offset ?")
        .params(limit, offset)
        .query(Bisect.class)
        .list();
  }

  List<Bisect> forChangePoint(long changePointId) {
    return forChangePoints(List.of(changePointId));
  }

  List<Bisect> forSeries(long seriesId) {
    return jdbc.sql(BISECT + " where series_id = ? order by id desc")
        .param(seriesId)
        .query(Bisect.class)
        .list();
  }

  /** The bisects of any of these change points, newest first, in one query. */
  List<Bisect> forChangePoints(java.util.Collection<Long> changePointIds) {
    return jdbc.sql(BISECT + " where change_point_id = any(?) order by id desc")
        .param(changePointIds.toArray(Long[]::new))
        .query(Bisect.class)
        .list();
  }

  /** The commits of these bisects in one query, per bisect in position order. */
  Map<Long, List<BisectCommit>> commits(java.util.Collection<Long> bisectIds) {
    Map<Long, List<BisectCommit>> byBisect = new HashMap<>();
    jdbc.sql(
            "select bisect_id, position, sha, subject, author, committed_at, unbuildable"
                + " from bisect_commit where bisect_id = any(?) order by bisect_id, position")
        .param(bisectIds.toArray(Long[]::new))
        .query(
            (ResultSet rs) -> {
              byBisect
                  .computeIfAbsent(rs.getLong("bisect_id"), id -> new ArrayList<>())
                  .add(commit(rs));
            });
    return byBisect;
  }

  /** The probes of these bisects in one query, per bisect in the order they started. */
  Map<Long, List<BisectProbe>> probes(java.util.Collection<Long> bisectIds) {
    Map<Long, List<BisectProbe>> byBisect = new HashMap<>();
    jdbc.sql(
            "select bisect_id, id, step, position, comparison_id, jvms, verdict, effect,"
                + " effect_low, effect_high, note, started_at, judged_at from bisect_probe"
                + " where bisect_id = any(?) order by id")
        .param(bisectIds.toArray(Long[]::new))
        .query(
            (ResultSet rs) -> {
              byBisect
                  .computeIfAbsent(rs.getLong("bisect_id"), id -> new ArrayList<>())
                  .add(probe(rs));
            });
    return byBisect;
  }

  List<BisectCommit> commits(long bisectId) {
    return commits(List.of(bisectId)).getOrDefault(bisectId, List.of());
  }

  List<BisectProbe> probes(long bisectId) {
    return probes(List.of(bisectId)).getOrDefault(bisectId, List.of());
  }

  void addProbe(long bisectId, int step, int position, long comparisonId, int jvms) {
    jdbc.sql(
            "insert into bisect_probe (bisect_id, step, position, comparison_id, jvms)"
                + " values (?, ?, ?, ?, ?)")
        .params(bisectId, step, position, comparisonId, jvms)
        .update();
  }

  void judge(long probeId, ProbeVerdict verdict, Double effect, Double low, Double high, String n) {
    jdbc.sql(
            "update bisect_probe set verdict = ?, effect = ?, effect_low = ?, effect_high = ?,"
                + " note = ?, judged_at = now() where id = ?")
        .params(verdict.name(), effect, finite(low), finite(high), n, probeId)
        .update();
  }

  void markUnbuildable(long bisectId, int position) {
    jdbc.sql("update bisect_commit set unbuildable = true where bisect_id = ? and position = ?")
        .params(bisectId, position)
        .update();
  }

  void moveRange(long id, int good, int bad) {
    jdbc.sql("update bisect set good_position = ?, bad_position = ? where id = ?")
        .params(good, bad, id)
        .update();
  }

  void referenceEffect(long id, double effect) {
    jdbc.sql("update bisect set reference_effect = ? where id = ?").params(effect, id).update();
  }

  /** Ends a running bisect; false when it had already ended (cancelled meanwhile, say). */
  boolean end(long id, String state, String message) {
    return jdbc.sql(
                "update bisect set state = ?, message = ?, finished_at = now()"
                    + " where id = ? and state = 'running'")
            .params(state, message, id)
            .update()
        == 1;
  }

  void annotated(long id, long annotationId) {
    jdbc.sql("update bisect set annotation_id = ? where id = ?").params(annotationId, id).update();
  }

  private static BisectCommit commit(ResultSet rs) throws SQLException {
    return new BisectCommit(
        rs.getInt("position"),
        rs.getString("sha"),
        rs.getString("subject"),
        rs.getString("author"),
        instant(rs.getTimestamp("committed_at")),
        rs.getBoolean("unbuildable"),
        null);
  }

  private static BisectProbe probe(ResultSet rs) throws SQLException {
    String verdict = rs.getString("verdict");
    return new BisectProbe(
        rs.getLong("id"),
        rs.getInt("step"),
        rs.getInt("position"),
        rs.getObject("comparison_id", Long.class),
        rs.getInt("jvms"),
        verdict == null ? null : ProbeVerdict.valueOf(verdict),
        rs.getObject("effect", Double.class),
        rs.getObject("effect_low", Double.class),
        rs.getObject("effect_high", Double.class),
        rs.getString("note"),
        instant(rs.getTimestamp("started_at")),
        instant(rs.getTimestamp("judged_at")));
  }

  /** An interval end the data could not bound is stored as null, not as infinity. */
  private static Double finite(Double value) {
    return value == null || Double.isInfinite(value) || Double.isNaN(value) ? null : value;
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
