package org.nightbench.worker;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunTry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of one run: every line goes to the application log and, in small batches, to the
 * database, so the run page can show the tail while the run is in progress and failed runs keep
 * everything they printed. A line waits at most about a second: a worker killed outright loses at
 * most its last second of output. Lines are stored only while the run is still this try's: a try
 * that lost its run (a frozen worker woke up) drops them, to the application log only.
 */
final class RunLog implements Consumer<String>, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RunLog.class);
  private static final int BATCH_LINES = 50;
  private static final long BATCH_MILLIS = 1_000;

  private final long runId;
  private final RunTry attempt;
  private final RunLogRepository logs;
  private final Clock clock;
  private final List<String> pending = new ArrayList<>();
  private final ScheduledExecutorService flusher;
  private Instant lastFlush;
  private boolean lost;

  RunLog(RunTry attempt, RunLogRepository logs, Clock clock) {
    this.attempt = attempt;
    this.runId = attempt.runId();
    this.logs = logs;
    this.clock = clock;
    this.lastFlush = clock.instant();
    // Forked JVMs may print nothing for minutes; lines already printed must not wait for the next.
    this.flusher =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "run-" + runId + "-log");
              thread.setDaemon(true);
              return thread;
            });
    flusher.scheduleWithFixedDelay(
        this::flushIfPending, BATCH_MILLIS, BATCH_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Called from the thread that pumps a forked JVM's output as well as from the worker. */
  @Override
  public synchronized void accept(String line) {
    log.info("run {}: {}", runId, line);
    pending.add(line);
    if (pending.size() >= BATCH_LINES
        || clock.instant().isAfter(lastFlush.plusMillis(BATCH_MILLIS))) {
      flushIfPending();
    }
  }

  private synchronized void flushIfPending() {
    try {
      if (!pending.isEmpty()) {
        flush();
      }
    } catch (RuntimeException e) {
      // The database is away for a moment; the lines stay pending and go with the next flush.
      log.warn("run {}: could not store {} log lines: {}", runId, pending.size(), e.getMessage());
    }
  }

  synchronized void flush() {
    if (pending.isEmpty()) {
      return;
    }
    if (!lost && !logs.append(attempt, List.copyOf(pending))) {
      lost = true;
      log.warn("run {}: no longer this try's; its log lines go to the application log only", runId);
    }
    pending.clear();
    lastFlush = clock.instant();
  }

  /** Whether the run turned out to be no longer this try's when lines were to be stored. */
  synchronized boolean lost() {
    return lost;
  }

  /** Stores what is pending; lines the database cannot take now are logged as lost. */
  @Override
  public synchronized void close() {
    flusher.shutdownNow();
    try {
      flush();
    } catch (RuntimeException e) {
      log.warn("run {}: lost {} log lines: {}", runId, pending.size(), e.getMessage());
    }
  }
}
