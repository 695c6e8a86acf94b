package org.nightbench.runs;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.nightbench.runs.machines.MachineStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The run queue and each run's state in PostgreSQL: enqueueing, the {@link RunTransition} moves,
 * progress and cancelling, and finding runs. A run's log is {@link RunLogRepository}'s, what it
 * recorded about its commit, findings and machine {@link RunHistoryRepository}'s.
 */
@Repository
public class RunRepository {

  private static final Logger log = LoggerFactory.getLogger(RunRepository.class);

  private static final String COLUMNS =
      "id, lucene_spec, lucene_version, revision_date, machine, profile, corpus, reason, status,"
          + " progress, error, jdk, queued_at, started_at, finished_at,"
          + " commit_sha, commit_author, commit_date, commit_subject, disturbed_reason,"
          // Computed when read: a queued run whose machine no live worker serves says so.
          + " (status = 'queued' and not exists (select 1 from live_worker w"
          + " where w.machine = run.machine)) as unserved";

  private final JdbcClient jdbc;

  RunRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public long enqueue(RunRequest request, String requestedBy) {
    return jdbc.sql(
            "insert into run (lucene_spec, machine, profile, corpus, reason, requested_by)"
                + " values (:spec, :machine, :profile, :corpus, :reason, :by) returning id")
        .param("by", requestedBy)
        .param("spec", request.luceneSpec())
        .param("machine", request.machine())
        .param("profile", request.profile())
        .param("corpus", request.corpus())
        .param("reason", request.reason())
        .query(Long.class)
        .single();
  }

  /**
   * Stores runs measured elsewhere as succeeded, with their own times and commits, in one statement
   * (a generated history has thousands of them).
   *
   * @return their ids, in the order given
   */
  public List<Long> insertSucceeded(List<FinishedRun> runs) {
    if (runs.isEmpty()) {
      return List.of();
    }
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, revision_date, machine, profile, corpus,"
                + " reason, status, jdk, queued_at, started_at, finished_at, commit_sha,"
                + " commit_author, commit_date, commit_subject)"
                + " select spec, version, cast(revision as timestamptz), machine, profile, corpus,"
                + " reason, 'succeeded', jdk, cast(started as timestamptz),"
                + " cast(started as timestamptz), cast(finished as timestamptz), sha, author,"
                + " cast(committed as timestamptz), subject"
                + " from unnest(cast(:spec as text[]), cast(:version as text[]),"
                + " cast(:revision as text[]), cast(:machine as text[]), cast(:profile as text[]),"
                + " cast(:corpus as text[]), cast(:reason as text[]), cast(:jdk as text[]),"
                + " cast(:started as text[]), cast(:finished as text[]), cast(:sha as text[]),"
                + " cast(:author as text[]), cast(:committed as text[]), cast(:subject as text[]))"
                + " with ordinality as r(spec, version, revision, machine, profile, corpus, reason,"
                + " jdk, started, finished, sha, author, committed, subject, n)"
                + " order by n returning id")
        .param("spec", column(runs, r -> r.request().luceneSpec()))
        .param("version", column(runs, FinishedRun::luceneVersion))
        .param("revision", column(runs, r -> text(r.revisionDate())))
        .param("machine", column(runs, r -> r.request().machine()))
        .param("profile", column(runs, r -> r.request().profile()))
        .param("corpus", column(runs, r -> r.request().corpus()))
        .param("reason", column(runs, r -> r.request().reason()))
        .param("jdk", column(runs, FinishedRun::jdk))
        .param("started", column(runs, r -> text(r.startedAt())))
        .param("finished", column(runs, r -> text(r.finishedAt())))
        .param("sha", column(runs, r -> r.commit() == null ? null : r.commit().sha()))
        .param("author", column(runs, r -> r.commit() == null ? null : r.commit().author()))
        .param("committed", column(runs, r -> r.commit() == null ? null : text(r.commit().date())))
        .param("subject", column(runs, r -> r.commit() == null ? null : r.commit().subject()))
        .query(Long.class)
        .list();
  }

  /**
   * Deletes every run of {@code machine} with what hangs on it (points, logs, result files, change
   * points); annotations of its runs keep their date. For a machine whose history is written again.
   */
  public int deleteMachine(String machine) {
    return jdbc.sql("delete from run where machine = :machine").param("machine", machine).update();
  }

  private static String[] column(List<FinishedRun> runs, Function<FinishedRun, String> field) {
    return runs.stream().map(field).toArray(String[]::new);
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  /**
   * Queues the nightly run of one night; returns empty when that night's run of this spec and
   * machine is already queued (by this or another instance).
   */
  public Optional<Long> enqueueNightly(RunRequest request, LocalDate night, String headSha) {
    return jdbc.sql(
            "insert into run (lucene_spec, machine, profile, corpus, reason, nightly_date,"
                + " nightly_head_sha) values (:spec, :machine, :profile, :corpus, 'nightly',"
                + " :night, :head) on conflict (lucene_spec, machine, nightly_date)"
                + " where reason = 'nightly' do nothing returning id")
        .param("spec", request.luceneSpec())
        .param("machine", request.machine())
        .param("profile", request.profile())
        .param("corpus", request.corpus())
        .param("night", night)
        .param("head", headSha)
        .query(Long.class)
        .optional();
  }

  /** The branch head recorded by the latest nightly of this spec and machine before a night. */
  public Optional<String> lastNightlyHead(String luceneSpec, String machine, LocalDate before) {
    return jdbc.sql(
            "select nightly_head_sha from run where reason = 'nightly' and lucene_spec = :spec"
                + " and machine = :machine and nightly_date < :night"
                + " order by nightly_date desc limit 1")
        .param("spec", luceneSpec)
        .param("machine", machine)
        .param("night", before)
        .query(String.class)
        .optional();
  }

  /**
   * Marks a queued run running as a new try, with a fresh token that every later write of the try
   * names; empty when it is no longer queued (cancelled meanwhile).
   */
  public Optional<RunTry> start(long id) {
    UUID token = UUID.randomUUID();
    Optional<Run> started =
        jdbc.sql(
                "update run set status = 'running', started_at = now(), progress = 'starting',"
                    + " try_token = :token where id = :id and "
                    + RunTransition.START.condition()
                    + " returning "
                    + COLUMNS)
            .param("id", id)
            .param("token", token)
            .query(RunRepository::map)
            .optional();
    if (started.isEmpty()) {
      refused(id, RunTransition.START);
    }
    return started.map(run -> new RunTry(run, token));
  }

  /**
   * What a running try learns from its run's row: whether it is still the try's (running, with its
   * token), and whether someone asked to cancel it.
   */
  public record TryState(boolean owned, boolean cancelRequested) {}

  /** The state of {@code attempt}'s run; not owned when the run is gone. */
  public TryState state(RunTry attempt) {
    return jdbc.sql(
            "select status = 'running' and try_token is not distinct from :token, cancel_requested"
                + " from run where id = :id")
        .param("id", attempt.runId())
        .param("token", attempt.token())
        .query((rs, n) -> new TryState(rs.getBoolean(1), rs.getBoolean(2)))
        .optional()
        .orElse(new TryState(false, false));
  }

  /** Cancels a run that is still queued; false when it is not queued any more. */
  public boolean cancelQueued(long id) {
    return transition(
        id,
        RunTransition.CANCEL_QUEUED,
        "error = 'cancelled before it started', finished_at = now()",
        Map.of());
  }

  /** Asks the worker of a running run to stop it; false when it is not running. */
  public boolean requestCancel(long id) {
    return jdbc.sql("update run set cancel_requested = true where id = :id and status = 'running'")
            .param("id", id)
            .update()
        == 1;
  }

  public boolean cancelRequested(long id) {
    return jdbc.sql("select cancel_requested from run where id = :id")
        .param("id", id)
        .query(Boolean.class)
        .optional()
        .orElse(false);
  }

  /** Ends a running try cancelled; false (and logged) when it is not running or not its own. */
  public boolean markCancelled(RunTry attempt, String error) {
    return transition(
        attempt,
        RunTransition.CANCEL_RUNNING,
        "error = :error, progress = null, finished_at = now()",
        Map.of("error", error));
  }

  /**
   * Puts a running run back in the queue for the dead-run check, whichever try had it (its worker
   * stopped heartbeating); its log so far is kept, it runs again from the start, and the old try's
   * token no longer counts. False (and logged) when it is not running.
   */
  public boolean requeue(long id) {
    return transition(id, RunTransition.REQUEUE, REQUEUED, Map.of());
  }

  /** Puts its own run back in the queue (a stopping worker); false when not running or not its. */
  public boolean requeue(RunTry attempt) {
    return transition(attempt, RunTransition.REQUEUE, REQUEUED, Map.of());
  }

  private static final String REQUEUED =
      "progress = null, started_at = null, cancel_requested = false, try_token = null";

  /** The step a try is at, for the run's page; false (nothing written) when not the try's run. */
  public boolean updateProgress(RunTry attempt, String progress) {
    return jdbc.sql(
                "update run set progress = :progress where id = :id and status = 'running'"
                    + " and try_token = :token")
            .param("progress", progress)
            .param("id", attempt.runId())
            .param("token", attempt.token())
            .update()
        == 1;
  }

  /** The revision and JDK a try resolved; nothing written when the run is no longer the try's. */
  public boolean recordRevision(
      RunTry attempt, String luceneVersion, Instant revisionDate, String jdk) {
    return jdbc.sql(
                "update run set lucene_version = :version, revision_date = :date, jdk = :jdk"
                    + " where id = :id and status = 'running' and try_token = :token")
            .param("version", luceneVersion)
            .param("date", revisionDate == null ? null : Timestamp.from(revisionDate))
            .param("jdk", jdk)
            .param("id", attempt.runId())
            .param("token", attempt.token())
            .update()
        == 1;
  }

  /**
   * Fails a running run for the dead-run check, whichever try had it (its worker stopped
   * heartbeating); false (and logged) when it is not running.
   */
  public boolean markFailed(long id, String error) {
    // The dead try's token goes: should its worker wake up, it writes not even a log line.
    return transition(
        id, RunTransition.FAIL, FAILED + ", try_token = null", Map.of("error", error));
  }

  /** Ends its own run failed; false (and logged) when it is not running or not the try's. */
  public boolean markFailed(RunTry attempt, String error) {
    return transition(attempt, RunTransition.FAIL, FAILED, Map.of("error", error));
  }

  private static final String FAILED = "error = :error, progress = null, finished_at = now()";

  /**
   * Called inside the ingestion transaction, so the run turns succeeded with its points; false (and
   * logged) when it is not running or a cancel was asked for, and the caller rolls back.
   */
  public boolean markSucceeded(RunTry attempt, String environmentJson) {
    return transition(
        attempt,
        RunTransition.SUCCEED,
        "progress = null, error = null, environment = cast(:env as jsonb), finished_at = now()",
        Map.of("env", environmentJson));
  }

  /**
   * Called inside the ingestion transaction when some benchmarks failed while others ran: the run
   * fails, naming them, and keeps the points of those that ran. False as {@link #markSucceeded}.
   */
  public boolean markFailedKeepingResults(RunTry attempt, String error, String environmentJson) {
    return transition(
        attempt,
        RunTransition.FAIL_KEEPING_RESULTS,
        "progress = null, error = :error, environment = cast(:env as jsonb), finished_at = now()",
        Map.of("error", error, "env", environmentJson));
  }

  /**
   * Moves a run along {@code transition}, also assigning {@code set}, for whoever may move it
   * without owning it (a user cancelling a queued run, the dead-run check); false, and logged, when
   * the run's status (or the transition's guard) does not allow it.
   */
  private boolean transition(long id, RunTransition transition, String set, Map<String, ?> params) {
    if (transition.byTryOnly()) {
      throw new IllegalArgumentException(transition + " is only for the try that owns the run");
    }
    return move(id, transition, set, "", params);
  }

  /**
   * Moves {@code attempt}'s run along {@code transition}, only while the run is still the try's;
   * false, and logged, otherwise.
   */
  private boolean transition(
      RunTry attempt, RunTransition transition, String set, Map<String, ?> params) {
    Map<String, Object> withToken = new HashMap<>(params);
    withToken.put("token", attempt.token());
    return move(attempt.runId(), transition, set, " and try_token = :token", withToken);
  }

  private boolean move(
      long id, RunTransition transition, String set, String owner, Map<String, ?> params) {
    boolean moved =
        jdbc.sql(
                    "update run set status = '"
                        + transition.to().db()
                        + "', "
                        + set
                        + " where id = :id and "
                        + transition.condition()
                        + owner)
                .params(params)
                .param("id", id)
                .update()
            == 1;
    if (!moved) {
      refused(id, transition);
    }
    return moved;
  }

  private void refused(long id, RunTransition transition) {
    String now =
        jdbc.sql(
                "select status || case when cancel_requested then ' (cancel requested)' else '' end"
                    + " from run where id = :id")
            .param("id", id)
            .query(String.class)
            .optional()
            .orElse("not there");
    log.warn(
        "Run {}: refused to {} it (-> {}): it is {}", id, transition, transition.to().db(), now);
  }

  public Optional<Run> find(long id) {
    return jdbc.sql("select " + COLUMNS + " from run where id = :id")
        .param("id", id)
        .query(RunRepository::map)
        .optional();
  }

  /** The machine, JDK, Lucene and corpus facts recorded when the run succeeded, as JSON. */
  public Optional<String> environment(long id) {
    return jdbc.sql(
            "select jsonb_pretty(environment) from run where id = :id and environment is not null")
        .param("id", id)
        .query(String.class)
        .optional();
  }

  public List<Run> recent(int limit, int offset) {
    return jdbc.sql("select " + COLUMNS + " from run order by id desc limit :limit offset :offset")
        .param("limit", limit)
        .param("offset", offset)
        .query(RunRepository::map)
        .list();
  }

  /**
   * Of {@code ids}, the runs that ended and need their work directory no more: succeeded and
   * cancelled ones, and failed ones that ended longer ago than {@code keepFailed}; ascending.
   */
  public List<Long> endedWithoutNeedOfWork(List<Long> ids, Duration keepFailed) {
    return jdbc.sql(
            "select r.id from run r where r.id = any(cast(:ids as bigint[]))"
                + " and (r.status in ('succeeded', 'cancelled')"
                + " or (r.status = 'failed' and r.finished_at"
                + " < now() - make_interval(secs => :keep)))"
                + " order by r.id")
        .param("ids", ids.toArray(Long[]::new))
        .param("keep", (double) keepFailed.toSeconds())
        .query(Long.class)
        .list();
  }

  public long count() {
    return jdbc.sql("select count(*) from run").query(Long.class).single();
  }

  public RunProgress progress() {
    RunProgress counts =
        jdbc.sql(
                "select count(*) filter (where status = 'queued'),"
                    + " count(*) filter (where status = 'running'),"
                    + " count(*) filter (where status = 'succeeded'),"
                    + " count(*) filter (where status = 'failed') from run")
            .query(
                (rs, n) ->
                    new RunProgress(
                        rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), null))
            .single();
    RunProgress.Current current =
        jdbc.sql(
                "select id, lucene_spec, progress from run where status = 'running'"
                    + " order by started_at limit 1")
            .query(
                (rs, n) -> new RunProgress.Current(rs.getLong(1), rs.getString(2), rs.getString(3)))
            .optional()
            .orElse(null);
    return new RunProgress(
        counts.queued(), counts.running(), counts.succeeded(), counts.failed(), current);
  }

  private static Run map(ResultSet rs, int rowNum) throws SQLException {
    return new Run(
        rs.getLong("id"),
        rs.getString("lucene_spec"),
        rs.getString("lucene_version"),
        instant(rs, "revision_date"),
        rs.getString("machine"),
        rs.getString("profile"),
        rs.getString("corpus"),
        rs.getString("reason"),
        RunStatus.fromDb(rs.getString("status")),
        rs.getString("progress"),
        rs.getString("error"),
        rs.getString("jdk"),
        instant(rs, "queued_at"),
        instant(rs, "started_at"),
        instant(rs, "finished_at"),
        rs.getString("commit_sha"),
        rs.getString("commit_author"),
        instant(rs, "commit_date"),
        rs.getString("commit_subject"),
        rs.getString("disturbed_reason"),
        rs.getBoolean("unserved") ? MachineStatus.unserved(rs.getString("machine")) : null);
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    Timestamp ts = rs.getTimestamp(column);
    return ts == null ? null : ts.toInstant();
  }
}
