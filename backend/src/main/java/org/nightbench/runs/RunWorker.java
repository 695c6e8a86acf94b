package org.nightbench.runs;

import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Takes queued runs of this machine one at a time: a box never runs two benchmarks at once, since
 * they would disturb each other's numbers.
 */
@Component
public class RunWorker {

  private static final Logger log = LoggerFactory.getLogger(RunWorker.class);

  private final RunRepository runs;
  private final RunExecutor executor;
  private final RunnerProperties settings;
  private final Clock clock = Clock.systemUTC();

  RunWorker(RunRepository runs, RunExecutor executor, RunnerProperties settings) {
    this.runs = runs;
    this.executor = executor;
    this.settings = settings;
  }

  @EventListener(ApplicationReadyEvent.class)
  void failRunsAbandonedByAnEarlierProcess() {
    int abandoned = runs.failAbandoned(settings.machine());
    if (abandoned > 0) {
      log.warn(
          "Marked {} run(s) failed that were running when this machine last stopped", abandoned);
    }
  }

  @Scheduled(fixedDelayString = "${nightbench.runner.poll-interval:2s}", initialDelay = 1_000)
  void poll() {
    if (settings.workerEnabled()) {
      while (runNext().isPresent()) {
        // Drain the queue before sleeping again.
      }
    }
  }

  /** Runs the oldest queued run of this machine to its end, if there is one. */
  public synchronized Optional<Run> runNext() {
    Optional<Run> claimed = runs.claimNext(settings.machine());
    claimed.ifPresent(this::execute);
    return claimed.flatMap(run -> runs.find(run.id()));
  }

  private void execute(Run run) {
    log.info("Run {} ({}) started", run.id(), run.luceneSpec());
    try (RunLog runLog = new RunLog(run.id(), runs, clock)) {
      try {
        executor.execute(run, runLog);
        log.info("Run {} ({}) succeeded", run.id(), run.luceneSpec());
      } catch (RuntimeException e) {
        String error = oneLine(e);
        runLog.accept("FAILED: " + error);
        runs.markFailed(run.id(), error);
        log.warn("Run {} ({}) failed: {}", run.id(), run.luceneSpec(), error);
      }
    }
  }

  private static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.lines().findFirst().orElse(message).strip();
  }
}
