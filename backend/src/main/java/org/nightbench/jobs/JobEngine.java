package org.nightbench.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.Task;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;

/** Builds db-scheduler instances the one way Nightbench polls: one execution at a time. */
public final class JobEngine {

  /**
   * A worker skips executions of tasks it does not know (runs of other machines); db-scheduler
   * deletes those after this long, so runs for a machine that is offline for months stay queued.
   */
  public static final Duration DELETE_UNRESOLVED_AFTER = Duration.ofDays(365);

  // A stopping worker's run sees the scheduler shutting down within a second, kills its JVM and
  // hands
  // the run back to the queue; this bounds the wait for that (and for a step that is not a JVM,
  // such
  // as resolving jars), below the 10 s a container gets between SIGTERM and SIGKILL.
  private static final Duration SHUTDOWN_MAX_WAIT = Duration.ofSeconds(8);

  /** db-scheduler's default, and Nightbench's: six missed heartbeats make an execution dead. */
  public static final int MISSED_HEARTBEATS = 6;

  private JobEngine() {}

  /** As {@link #scheduler(DataSource, String, Duration, Duration, int, List)} with six beats. */
  public static Scheduler scheduler(
      DataSource dataSource,
      String name,
      Duration pollingInterval,
      Duration heartbeat,
      List<Task<?>> tasks) {
    return scheduler(dataSource, name, pollingInterval, heartbeat, MISSED_HEARTBEATS, tasks);
  }

  /**
   * A scheduler that polls for {@code tasks} only, runs one execution at a time (a box never runs
   * two benchmarks at once) and heartbeats it every {@code heartbeat}; an execution whose worker
   * missed {@code missedHeartbeats} heartbeats is dead and handed to its task's dead-execution
   * handler, within {@link #deadNoticedWithin} of the worker's death.
   */
  public static Scheduler scheduler(
      DataSource dataSource,
      String name,
      Duration pollingInterval,
      Duration heartbeat,
      int missedHeartbeats,
      List<Task<?>> tasks) {
    return configure(Scheduler.create(dataSource, tasks), heartbeat, missedHeartbeats)
        .schedulerName(new SchedulerName.Fixed(name))
        .pollingInterval(pollingInterval)
        .build();
  }

  /** The engine's threading, heartbeat and shutdown settings on any db-scheduler builder. */
  public static <B extends SchedulerBuilder> B configure(
      B builder, Duration heartbeat, int missedHeartbeats) {
    builder
        .threads(1)
        .heartbeatInterval(heartbeat)
        .missedHeartbeatsLimit(missedHeartbeats)
        .deleteUnresolvedAfter(DELETE_UNRESOLVED_AFTER)
        .shutdownMaxWait(SHUTDOWN_MAX_WAIT);
    return builder;
  }

  /**
   * The longest a dead worker's execution goes unnoticed: it counts as dead once its last heartbeat
   * is {@code missedHeartbeats} beats old, and live workers look for dead executions every two
   * beats.
   */
  public static Duration deadNoticedWithin(Duration heartbeat, int missedHeartbeats) {
    return heartbeat.multipliedBy(missedHeartbeats + 2L);
  }

  /** This process as a worker name: host and process id, so two workers on one box differ. */
  public static String workerName() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "localhost";
    }
    return host + ":" + ProcessHandle.current().pid();
  }
}
