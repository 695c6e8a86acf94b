package org.nightbench.runs;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.lucene.Commit;
import org.nightbench.lucene.CommitRange;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * What a run recorded about what it measured, and the earlier runs that is compared with: its
 * Lucene commit and the changes since the previous measured one ({@code run_change}), its findings
 * and calibration, its machine state; and the one query for the previous comparable run.
 */
@Repository
public class RunHistoryRepository {

  /**
   * The condition of a try's writes: the run is still running and still the try's (a frozen worker
   * that wakes after another try took over writes nothing).
   */
  private static final String OWNED = "id = :id and status = 'running' and try_token = :token";

  private final JdbcClient jdbc;

  RunHistoryRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Which runs count as earlier than a run, and in what order the latest of them is picked. */
  record Earlier(String condition, String order, Map<String, Object> params) {

    /** Queued before the run (a lower id); the latest queued first. */
    static final Earlier QUEUED = new Earlier("r.id < :id", "r.id desc", Map.of());

    /** Any other run whose Lucene commit is older than {@code before}; the newest commit first. */
    static Earlier committedBefore(Instant before) {
      return new Earlier(
          "r.id <> :id and r.commit_date < :before",
          "r.commit_date desc, r.id desc",
          Map.of("before", Timestamp.from(before)));
    }
  }

  /**
   * The previous comparable run: the latest {@code earlier} run of the same machine, profile and
   * corpus as {@code run} that also meets {@code condition} (SQL over the run table as {@code r});
   * returns its {@code column} (an SQL expression over {@code r}).
   */
  <T> Optional<T> previousComparable(
      Run run, Earlier earlier, String condition, String column, Class<T> type) {
    return jdbc.sql(
            "select "
                + column
                + " from run r where r.machine = :machine and r.profile = :profile"
                + " and r.corpus = :corpus and "
                + earlier.condition()
                + " and ("
                + condition
                + ") order by "
                + earlier.order()
                + " limit 1")
        .params(earlier.params())
        .param("machine", run.machine())
        .param("profile", run.profile())
        .param("corpus", run.corpus())
        .param("id", run.id())
        .query(type)
        .optional();
  }

  /**
   * Records the git commit the run's Lucene was built from; a release's may know only its sha (no
   * clone to read the rest from), the other fields then null. Nothing is written once the run is no
   * longer {@code attempt}'s.
   */
  public void recordCommit(RunTry attempt, Commit commit) {
    jdbc.sql(
            "update run set commit_sha = :sha, commit_author = :author, commit_date = :date,"
                + " commit_subject = :subject where "
                + OWNED)
        .param("sha", commit.sha())
        .param("author", commit.author())
        .param("date", commit.date() == null ? null : Timestamp.from(commit.date()))
        .param("subject", commit.subject())
        .param("id", attempt.runId())
        .param("token", attempt.token())
        .update();
  }

  /**
   * The sha of the latest succeeded {@code git:} run's commit of this machine, profile and corpus
   * committed before {@code before}: the point a new commit is compared with. Releases are left
   * out: each sits on its own release branch, and is compared with the release before it ({@link
   * #releaseCommits}).
   */
  public Optional<String> previousMeasuredCommit(Run run, Instant before) {
    return previousComparable(
        run,
        Earlier.committedBefore(before),
        "r.status = 'succeeded' and r.commit_sha is not null and r.lucene_spec like 'git:%'",
        "r.commit_sha",
        String.class);
  }

  /** A release measured with the commit it was built from. */
  public record ReleaseCommit(String version, String sha) {}

  /**
   * The releases (any order) that other succeeded runs of the run's machine, profile and corpus
   * measured and recorded a commit for: the worker picks the one before the run's in release order.
   */
  public List<ReleaseCommit> releaseCommits(Run run) {
    return jdbc.sql(
            "select distinct lucene_version, commit_sha from run r where r.machine = :machine"
                + " and r.profile = :profile and r.corpus = :corpus and r.id <> :id"
                + " and r.status = 'succeeded' and r.lucene_spec like 'maven:%'"
                + " and r.commit_sha is not null and r.lucene_version is not null")
        .param("machine", run.machine())
        .param("profile", run.profile())
        .param("corpus", run.corpus())
        .param("id", run.id())
        .query((rs, n) -> new ReleaseCommit(rs.getString(1), rs.getString(2)))
        .list();
  }

  /**
   * Replaces the run's changes (a requeued run records them again); {@code range} null when the
   * commits between are not known here (no clone holds them): the compare link still lists them.
   * Nothing is written once the run is no longer {@code attempt}'s.
   */
  @Transactional
  public void recordChanges(RunTry attempt, String previousSha, CommitRange range) {
    long id = attempt.runId();
    int owned =
        jdbc.sql(
                "update run set previous_commit_sha = :prev, changes_omitted = :omitted where "
                    + OWNED)
            .param("prev", previousSha)
            .param("omitted", range == null ? null : range.omitted())
            .param("id", id)
            .param("token", attempt.token())
            .update();
    if (owned == 0) {
      return;
    }
    jdbc.sql("delete from run_change where run_id = :id").param("id", id).update();
    List<Commit> commits = range == null ? List.of() : range.commits();
    for (int i = 0; i < commits.size(); i++) {
      Commit c = commits.get(i);
      jdbc.sql(
              "insert into run_change (run_id, position, sha, author, commit_date, subject)"
                  + " values (:id, :position, :sha, :author, :date, :subject)")
          .param("id", id)
          .param("position", i)
          .param("sha", c.sha())
          .param("author", c.author())
          .param("date", Timestamp.from(c.date()))
          .param("subject", c.subject())
          .update();
    }
  }

  /** The run's recorded changes; {@link RunChanges#NONE} when it has none. */
  RunChanges changes(long id) {
    RunChanges head =
        jdbc.sql("select previous_commit_sha, changes_omitted from run where id = :id")
            .param("id", id)
            .query(
                (rs, n) ->
                    new RunChanges(
                        rs.getString(1), List.of(), rs.getInt(2), rs.getObject(2) != null))
            .optional()
            .orElse(RunChanges.NONE);
    if (head.previousCommitSha() == null) {
      return RunChanges.NONE;
    }
    return new RunChanges(head.previousCommitSha(), changeList(id), head.omitted(), head.listed());
  }

  private List<RunChange> changeList(long id) {
    return jdbc.sql(
            "select sha, author, commit_date, subject from run_change where run_id = :id"
                + " order by position")
        .param("id", id)
        .query(
            (rs, n) -> {
              Timestamp date = rs.getTimestamp("commit_date");
              return new RunChange(
                  rs.getString("sha"),
                  rs.getString("author"),
                  date == null ? null : date.toInstant(),
                  rs.getString("subject"));
            })
        .list();
  }

  /** Called inside the ingestion transaction: notes, calibration and the disturbed verdict. */
  public void recordFindings(
      long id,
      List<String> notes,
      Double calibrationBefore,
      Double calibrationAfter,
      String disturbedReason) {
    jdbc.sql(
            "update run set notes = :notes, calibration_before = :before,"
                + " calibration_after = :after, disturbed_reason = :disturbed where id = :id")
        .param("notes", notes.toArray(String[]::new))
        .param("before", calibrationBefore)
        .param("after", calibrationAfter)
        .param("disturbed", disturbedReason)
        .param("id", id)
        .update();
  }

  /**
   * The before-run calibration scores of the machine's latest quiet runs, newest first: succeeded,
   * not disturbed, their calibration after the run within {@code steady} (a fraction) of the one
   * before, and started on a box whose load average per core was at most {@code busyLoadPerCore}. A
   * run measured on a busy box is no baseline, even when nothing judged it disturbed.
   */
  public List<Double> quietCalibration(
      String machine, long beforeRunId, int limit, double steady, double busyLoadPerCore) {
    return jdbc.sql(
            "select calibration_before from run where machine = :machine and status = 'succeeded'"
                + " and calibration_before is not null and disturbed_reason is null"
                + " and (calibration_after is null"
                + "   or abs(calibration_after - calibration_before) <= :steady * calibration_before)"
                + " and (machine_state is null or machine_state ->> 'loadAverage' is null"
                + "   or machine_state ->> 'cores' is null"
                + "   or cast(machine_state ->> 'loadAverage' as double precision)"
                + "     <= :busy * cast(machine_state ->> 'cores' as double precision))"
                + " and id < :run order by finished_at desc limit :limit")
        .param("machine", machine)
        .param("run", beforeRunId)
        .param("limit", limit)
        .param("steady", steady)
        .param("busy", busyLoadPerCore)
        .query(Double.class)
        .list();
  }

  /** The box's state when the try started; nothing written once the run is no longer its. */
  public void recordMachineState(RunTry attempt, String machineStateJson) {
    jdbc.sql("update run set machine_state = cast(:state as jsonb) where " + OWNED)
        .param("state", machineStateJson)
        .param("id", attempt.runId())
        .param("token", attempt.token())
        .update();
  }

  /**
   * The machine state of the latest earlier run of the same series family (machine, profile,
   * corpus) that measured something, as JSON.
   */
  public Optional<String> previousMachineState(Run run) {
    return previousComparable(
        run,
        Earlier.QUEUED,
        "r.machine_state is not null and r.status in ('succeeded', 'failed')",
        "cast(r.machine_state as text)",
        String.class);
  }

  /**
   * The newest Lucene release (in version order) a succeeded run of {@code machine} measured: the
   * newest of its backfill; empty when it measured none.
   */
  public Optional<String> newestRelease(String machine) {
    return jdbc.sql(
            "select lucene_version from run where machine = :machine and status = 'succeeded'"
                + " and lucene_spec like 'maven:%' and lucene_version ~ '^[0-9]+(\\.[0-9]+)*$'"
                + " order by cast(string_to_array(lucene_version, '.') as int[]) desc limit 1")
        .param("machine", machine)
        .query(String.class)
        .optional();
  }
}
