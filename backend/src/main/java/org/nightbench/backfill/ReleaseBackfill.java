package org.nightbench.backfill;

import java.util.List;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunService;
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
  private final RunService runService;
  private final LuceneResolver lucene;

  ReleaseBackfill(
      BackfillProperties settings,
      RunRepository runs,
      RunService runService,
      LuceneResolver lucene) {
    this.settings = settings;
    this.runs = runs;
    this.runService = runService;
    this.lucene = lucene;
  }

  @Async
  @EventListener(ApplicationReadyEvent.class)
  public void backfillEmptyDatabase() {
    if (!settings.enabled() || runs.count() > 0) {
      return;
    }
    List<String> releases;
    try {
      releases = lucene.latestPatches(settings.fromMinor(), settings.toMinor());
    } catch (RuntimeException e) {
      log.warn("No backfill: cannot list Lucene releases: {}", e.getMessage());
      return;
    }
    log.info("Empty database: backfilling {} Lucene releases {}", releases.size(), releases);
    for (String release : releases) {
      runService.enqueue("maven:" + release, null, null, "backfill");
    }
  }
}
