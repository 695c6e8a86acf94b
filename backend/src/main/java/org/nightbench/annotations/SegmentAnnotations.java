package org.nightbench.annotations;

import java.util.Map;
import org.nightbench.ingest.RunIngested;
import org.nightbench.ingest.SegmentStart;
import org.nightbench.ingest.SeriesSegments;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Writes the automatic annotation where a run starts a new segment of a series (its settings or the
 * harness's measuring version changed): "benchmark changed: nrt reopen-interval-ms 1000 → 50" on
 * that series' chart, at the run. Its kind is its own, {@value #KIND}, which no editor can give:
 * the application wrote it. In the ingesting transaction, so a run's points never show without it.
 */
@Component
class SegmentAnnotations {

  /** The kind of the automatic annotation at a segment's start. */
  static final String KIND = "benchmark-changed";

  /** Who the automatic annotations are written by. */
  static final String AUTHOR = "nightbench";

  private final SeriesSegments segments;
  private final AnnotationRepository repository;

  SegmentAnnotations(SeriesSegments segments, AnnotationRepository repository) {
    this.segments = segments;
    this.repository = repository;
  }

  @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT)
  void annotate(RunIngested ingested) {
    for (Map.Entry<Long, SegmentStart> entry : segments.startsAt(ingested.runId()).entrySet()) {
      SegmentStart start = entry.getValue();
      repository.insertAutomatic(
          new AnnotationRepository.Row(
              start.x(),
              start.runId(),
              shortText(start.change()),
              start.change(),
              KIND,
              "series",
              entry.getKey(),
              null),
          AUTHOR);
    }
  }

  /** The change as the chart's letter reads it: at most the 200 characters a short text holds. */
  static String shortText(String change) {
    return change.length() <= 200 ? change : change.substring(0, 199) + "…";
  }
}
