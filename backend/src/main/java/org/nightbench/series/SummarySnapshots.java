package org.nightbench.series;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.nightbench.ingest.RunIngested;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Every series' summary, grouped, read from the database once per version of the data and shared by
 * every reader until the next ingestion or triage: the overview then costs one cheap version read
 * instead of a backward scan per series (2,000 series made that scan ~10 times the page).
 */
@Component
class SummarySnapshots {

  /** The grouped summaries of one version of the data, with the machines they name. */
  record Snapshot(String version, List<SeriesGroup> groups, List<String> machines) {}

  private static final Logger log = LoggerFactory.getLogger(SummarySnapshots.class);

  private final SeriesRepository repository;
  private volatile Snapshot current;

  SummarySnapshots(SeriesRepository repository) {
    this.repository = repository;
  }

  /** The summaries as the database holds them now. */
  Snapshot current() {
    String version = repository.findSummariesVersion();
    Snapshot snapshot = current;
    if (snapshot != null && snapshot.version().equals(version)) {
      return snapshot;
    }
    // One reader rebuilds; the others asking at the same time wait for it rather than each
    // running the same scan (32 readers after a nightly would otherwise all do).
    synchronized (this) {
      snapshot = current;
      if (snapshot == null || !snapshot.version().equals(version)) {
        snapshot = build(version, repository.findAllSummaries());
        current = snapshot;
      }
      return snapshot;
    }
  }

  /**
   * Reads the summaries a run just changed, off the worker's thread, so the morning's first reader
   * of the overview does not pay for it. Only a head start: a reader rebuilds whatever this missed.
   */
  @Async
  @TransactionalEventListener
  void rebuildAfterIngest(RunIngested ingested) {
    try {
      current();
    } catch (RuntimeException e) {
      log.warn("reading the overview after run {} failed: {}", ingested.runId(), e.getMessage());
    }
  }

  private static Snapshot build(String version, List<SeriesSummary> summaries) {
    Map<TaskGroup, List<SeriesSummary>> byGroup = new TreeMap<>();
    for (SeriesSummary summary : summaries) {
      Series s = summary.series();
      byGroup
          .computeIfAbsent(TaskGroup.of(s.benchmark(), s.task()), group -> new ArrayList<>())
          .add(summary);
    }
    List<SeriesGroup> groups =
        byGroup.entrySet().stream()
            .map(group -> new SeriesGroup(group.getKey(), group.getValue()))
            .toList();
    List<String> machines =
        summaries.stream().map(summary -> summary.series().machine()).distinct().sorted().toList();
    return new Snapshot(version, groups, machines);
  }
}
