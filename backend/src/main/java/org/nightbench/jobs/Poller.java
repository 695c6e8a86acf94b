package org.nightbench.jobs;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * A round of work repeated with a fixed delay in a daemon thread of its own, for pollers whose
 * round can block for long (a slow HTTP peer, a git fetch): Spring's scheduler has one thread for
 * every scheduled task of the app. A round that throws is logged and the next comes anyway, since a
 * scheduled executor silently stops repeating a task that throws, and a database away for a moment
 * must not end the polling until the next restart.
 *
 * <p>A feature's poller is a component extending this: the rounds start once the app is ready and
 * stop when it shuts down, before the data source closes, so an interrupted round can roll back
 * what it started.
 */
public abstract class Poller
    implements ApplicationListener<ApplicationReadyEvent>, DisposableBean, AutoCloseable {

  private final String what;
  private final Duration interval;
  private final Runnable round;

  /** The logger of the feature that polls: the subclass's. */
  private final Logger log = LoggerFactory.getLogger(getClass());

  private final ScheduledExecutorService executor;

  /**
   * @param threadName the thread's name, as thread dumps show it
   * @param what what a round is, for the log line when one fails, e.g. {@code Webhook poll}
   */
  protected Poller(String threadName, String what, Duration interval, Runnable round) {
    this.what = what;
    this.interval = interval;
    this.round = round;
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, threadName);
              thread.setDaemon(true);
              return thread;
            });
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    start();
  }

  @Override
  public void destroy() throws InterruptedException {
    close();
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
