package org.nightbench.runs.machines;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.nightbench.runs.RunQueueTask;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The machine labels and their workers' heartbeats in PostgreSQL ({@code machine_label}, {@code
 * worker} and the view {@code live_worker}, the one definition of a live worker), read beside the
 * run queue.
 */
@Repository
public class MachineRegistry {

  /** A worker silent for this long is forgotten; its machine's label stays known. */
  static final Duration FORGET_WORKERS_AFTER = Duration.ofDays(7);

  private final JdbcClient jdbc;

  MachineRegistry(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * One heartbeat of worker {@code name} serving {@code machine}: the label becomes (or stays)
   * known, and the worker counts as live for {@code liveFor} from now.
   */
  @Transactional
  public void beat(String name, String machine, Duration liveFor) {
    jdbc.sql(
            "insert into machine_label (label) values (:machine)"
                + " on conflict (label) do update set last_seen = now()")
        .param("machine", machine)
        .update();
    jdbc.sql(
            "insert into worker (name, machine, live_for)"
                + " values (:name, :machine, make_interval(secs => :secs))"
                + " on conflict (name) do update set machine = excluded.machine,"
                + " last_heartbeat = now(), live_for = excluded.live_for, stopped_at = null")
        .param("name", name)
        .param("machine", machine)
        .param("secs", liveFor.toMillis() / 1000.0)
        .update();
    jdbc.sql("delete from worker where last_heartbeat < now() - make_interval(secs => :secs)")
        .param("secs", (double) FORGET_WORKERS_AFTER.toSeconds())
        .update();
  }

  /** Worker {@code name} stopped cleanly: it serves its machine no more. */
  public void stopped(String name) {
    jdbc.sql("update worker set stopped_at = now() where name = :name")
        .param("name", name)
        .update();
  }

  /** Whether a worker ever served {@code label}. */
  public boolean known(String label) {
    return jdbc.sql("select exists (select 1 from machine_label where label = :label)")
        .param("label", label)
        .query(Boolean.class)
        .single();
  }

  /** Every label a worker ever served, sorted. */
  public List<String> knownLabels() {
    return jdbc.sql("select label from machine_label order by label").query(String.class).list();
  }

  /** Forgets a retired machine's label and its workers; its runs and series stay. */
  public boolean forget(String label) {
    return jdbc.sql("delete from machine_label where label = :label").param("label", label).update()
        == 1;
  }

  /** How many runs wait for each label that no live worker serves. */
  public Map<String, Long> unservedQueues() {
    Map<String, Long> unserved = new HashMap<>();
    jdbc.sql(
            "select machine, count(*) from run r where status = 'queued' and not exists"
                + " (select 1 from live_worker w where w.machine = r.machine) group by machine")
        .query(
            rs -> {
              unserved.put(rs.getString(1), rs.getLong(2));
            });
    return unserved;
  }

  /**
   * The queue at a glance, for the health component.
   *
   * @param unserved how many runs wait for each label no live worker serves
   */
  public record QueueSummary(
      long queued, long running, Instant oldestQueuedAt, Map<String, Long> unserved) {}

  @Transactional(readOnly = true)
  public QueueSummary queueSummary() {
    Map<String, Long> unserved = new TreeMap<>(unservedQueues());
    return jdbc.sql(
            "select count(*) filter (where status = 'queued'),"
                + " count(*) filter (where status = 'running'),"
                + " min(queued_at) filter (where status = 'queued')"
                + " from run where status in ('queued', 'running')")
        .query((rs, n) -> new QueueSummary(rs.getLong(1), rs.getLong(2), instant(rs, 3), unserved))
        .single();
  }

  /**
   * Every known label and every label runs are queued for or running on, sorted, with its workers,
   * current run and queue depth.
   */
  @Transactional(readOnly = true)
  public List<MachineStatus> overview() {
    return overview(Integer.MAX_VALUE, 0);
  }

  /**
   * As {@link #overview()}, but at most {@code limit} labels after the first {@code offset}: a page
   * reads only its own machines' workers and runs.
   */
  @Transactional(readOnly = true)
  public List<MachineStatus> overview(int limit, int offset) {
    List<String> labels =
        jdbc.sql(
                "select label from (select label from machine_label union select machine from run"
                    + " where status in ('queued', 'running')) l order by label"
                    + " limit :limit offset :offset")
            .param("limit", limit)
            .param("offset", offset)
            .query(String.class)
            .list();
    if (labels.isEmpty()) {
      return List.of();
    }
    String[] page = labels.toArray(String[]::new);
    Map<String, List<WorkerStatus>> workers = new HashMap<>();
    jdbc.sql(
            "select w.name, w.machine, w.started_at, w.last_heartbeat, w.stopped_at,"
                + " exists (select 1 from live_worker l where l.name = w.name) as live,"
                + " (select s.task_instance from scheduled_tasks s where s.picked"
                + " and s.picked_by = w.name and s.task_name = :prefix || w.machine limit 1)"
                + " as current_run"
                + " from worker w where w.machine = any(:labels)"
                + " order by w.machine, w.last_heartbeat desc")
        .param("prefix", RunQueueTask.name(""))
        .param("labels", page)
        .query(
            rs -> {
              String current = rs.getString("current_run");
              workers
                  .computeIfAbsent(rs.getString("machine"), m -> new ArrayList<>())
                  .add(
                      new WorkerStatus(
                          rs.getString("name"),
                          instant(rs, "started_at"),
                          instant(rs, "last_heartbeat"),
                          rs.getBoolean("live"),
                          instant(rs, "stopped_at"),
                          current == null ? null : Long.valueOf(current)));
            });
    Map<String, MachineStatus.CurrentRun> running = new HashMap<>();
    jdbc.sql(
            "select machine, id, lucene_spec, progress from run where status = 'running'"
                + " and machine = any(:labels) order by started_at desc")
        .param("labels", page)
        .query(
            rs -> {
              running.put(
                  rs.getString("machine"),
                  new MachineStatus.CurrentRun(
                      rs.getLong("id"), rs.getString("lucene_spec"), rs.getString("progress")));
            });
    Map<String, Long> queued = new HashMap<>();
    jdbc.sql(
            "select machine, count(*) from run where status = 'queued' and machine = any(:labels)"
                + " group by machine")
        .param("labels", page)
        .query(
            rs -> {
              queued.put(rs.getString(1), rs.getLong(2));
            });
    Set<String> known =
        new HashSet<>(
            jdbc.sql("select label from machine_label where label = any(:labels)")
                .param("labels", page)
                .query(String.class)
                .list());
    List<MachineStatus> machines = new ArrayList<>();
    for (String label : labels) {
      List<WorkerStatus> its = workers.getOrDefault(label, List.of());
      Instant lastHeartbeat =
          its.stream().map(WorkerStatus::lastHeartbeat).max(Instant::compareTo).orElse(null);
      long waiting = queued.getOrDefault(label, 0L);
      boolean served = its.stream().anyMatch(WorkerStatus::live);
      machines.add(
          new MachineStatus(
              label,
              known.contains(label),
              its,
              lastHeartbeat,
              running.get(label),
              waiting,
              waiting > 0 && !served ? MachineStatus.unserved(label) : null));
    }
    return machines;
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    Timestamp ts = rs.getTimestamp(column);
    return ts == null ? null : ts.toInstant();
  }

  private static Instant instant(ResultSet rs, int column) throws SQLException {
    Timestamp ts = rs.getTimestamp(column);
    return ts == null ? null : ts.toInstant();
  }
}
