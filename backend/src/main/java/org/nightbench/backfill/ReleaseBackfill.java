package org.nightbench.backfill;

import java.util.List;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;

/**
 * On first start with an empty database, queues a real history to look at: the latest patch of
 * every Lucene minor in the configured range, oldest first, so the graphs fill from left to right.
 */
@Component
class ReleaseBackfill {

  private static final Logger log = LoggerFactory.getLogger(ReleaseBackfill.class);

  private final BackfillProperties settings;
  private final RunRepository runs;
  private final BackfillService backfill;

  ReleaseBackfill(BackfillProperties settings, RunRepository runs, BackfillService backfill) {
    this.settings = settings;
    this.runs = runs;
    this.backfill = backfill;
  }

  @Async
  @EventListener(ApplicationReadyEvent.class)
  public void backfillEmptyDatabase() {
    if (!settings.enabled() || runs.count() > 0) {
      return;
    }
    try {
      List<Run> queued =
          backfill.backfill(
              new BackfillRequest(null, settings.fromMinor(), settings.toMinor(), null, null));
      log.info(
          "Empty database: backfilling {} Lucene releases {}",
          queued.size(),
          queued.stream().map(Run::luceneSpec).toList());
    } catch (RuntimeException e) {
      // Without Maven Central the app still starts; the dashboard just has nothing to show yet.
      log.warn("No backfill: {}", e.getMessage());
    }
  }
}
