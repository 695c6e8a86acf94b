package org.nightbench.jobs;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * A round of work repeated with a fixed delay in a daemon thread of its own, for pollers whose
 * round can block for long (a slow HTTP peer, a git fetch): Spring's scheduler has one thread for
 * every scheduled task of the app. A round that throws is logged and the next comes anyway, since a
 * scheduled executor silently stops repeating a task that throws, and a database away for a moment
 * must not end the polling until the next restart.
 */
public final class PollingThread implements AutoCloseable {

  private final String what;
  private final Duration interval;
  private final Runnable round;
  private final Logger log;
  private final ScheduledExecutorService executor;

  /**
   * @param threadName the thread's name, as thread dumps show it
   * @param what what a round is, for the log line when one fails, e.g. {@code Webhook poll}
   * @param log the logger of the feature that polls
   */
  public PollingThread(
      String threadName, String what, Duration interval, Runnable round, Logger log) {
    this.what = what;
    this.interval = interval;
    this.round = round;
    this.log = log;
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, threadName);
              thread.setDaemon(true);
              return thread;
            });
  }

  /** Starts the rounds, the first after one interval. */
  public void start() {
    long millis = interval.toMillis();
    executor.scheduleWithFixedDelay(this::round, millis, millis, TimeUnit.MILLISECONDS);
  }

  private void round() {
    try {
      round.run();
    } catch (CancellationException e) {
      // Stopping: what the round was doing stays due for the next round of any instance.
    } catch (RuntimeException e) {
      log.warn("{} failed; trying again in {}", what, interval, e);
    }
  }

  /** Interrupts the round under way and waits a little for it to roll back what it started. */
  @Override
  public void close() throws InterruptedException {
    executor.shutdownNow();
    executor.awaitTermination(5, TimeUnit.SECONDS);
  }
}
