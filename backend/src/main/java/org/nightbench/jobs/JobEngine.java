package org.nightbench.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
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

  // A stopping worker waits this long for its execution before interrupting it (which kills the
  // run's JVM and fails the run); benchmarks take minutes to hours, so waiting for one would hold a
  // shutdown hostage.
  private static final Duration SHUTDOWN_MAX_WAIT = Duration.ofSeconds(3);

  private JobEngine() {}

  /**
   * A scheduler that polls for {@code tasks} only, runs one execution at a time (a box never runs
   * two benchmarks at once) and heartbeats it every {@code heartbeat}; an execution whose worker
   * missed six heartbeats is dead and handed to its task's dead-execution handler.
   */
  public static Scheduler scheduler(
      DataSource dataSource,
      String name,
      Duration pollingInterval,
      Duration heartbeat,
      List<Task<?>> tasks) {
    return Scheduler.create(dataSource, tasks)
        .schedulerName(new SchedulerName.Fixed(name))
        .threads(1)
        .pollingInterval(pollingInterval)
        .heartbeatInterval(heartbeat)
        .deleteUnresolvedAfter(DELETE_UNRESOLVED_AFTER)
        .shutdownMaxWait(SHUTDOWN_MAX_WAIT)
        .build();
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
