package org.nightbench.changepoints;

import java.util.ArrayList;
import java.util.List;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.marks.DetectionMarks;
import org.nightbench.changepoints.marks.SeriesMarks;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Runs the detector over stored series and stores what it finds: incrementally after each ingested
 * run (only the tail that can still hold a new step), or over a series' whole history. Always with
 * what editors told detection about the series (excluded nights, expected changes, sensitivity).
 */
@Service
public class ChangePointDetection {

  private final DetectionRepository repository;
  private final DetectionMarks marks;
  private final ApplicationEventPublisher events;
  private final SeriesDetector detector = new SeriesDetector(DetectorSettings.defaults());

  ChangePointDetection(
      DetectionRepository repository, DetectionMarks marks, ApplicationEventPublisher events) {
    this.repository = repository;
    this.marks = marks;
    this.events = events;
  }

  /**
   * Looks for new change points after points were appended to a series: only past its newest stored
   * change point, so a night costs the same in year fifteen as in year one.
   *
   * @return the ids of the change points stored
   */
  @Transactional
  public List<Long> detectAppended(long seriesId) {
    SeriesHistory history = repository.history(seriesId).orElse(null);
    if (history == null || history.size() < 2) {
      return List.of();
    }
    int known =
        repository.latestChangeRun(seriesId).map(history::indexOf).filter(i -> i >= 0).orElse(0);
    return store(history, detector.detectAppended(history, marks.read(seriesId), known));
  }

  /**
   * Looks for new change points after {@code runId} added a point to a series: incrementally when
   * the point landed in the tail the detector watches (a nightly), over the whole history when it
   * landed further back (a backfill of old commits inserts points between existing ones).
   *
   * @return the ids of the change points stored
   */
  @Transactional
  public List<Long> detectAfter(long seriesId, long runId) {
    SeriesHistory history = repository.history(seriesId).orElse(null);
    if (history == null || history.size() < 2) {
      return List.of();
    }
    int known =
        repository.latestChangeRun(seriesId).map(history::indexOf).filter(i -> i >= 0).orElse(0);
    SeriesMarks told = marks.read(seriesId);
    int at = history.indexOf(runId);
    if (at >= 0 && at < detector.appendedFrom(history, told, known)) {
      return detectAll(seriesId);
    }
    return store(history, detector.detectAppended(history, told, known));
  }

  /**
   * Detects over a series' whole history: new change points are stored, untriaged ones no longer
   * found are dropped, triaged ones are kept whatever the detector now says.
   *
   * @return the ids of the change points newly stored
   */
  @Transactional
  public List<Long> detectAll(long seriesId) {
    SeriesHistory history = repository.history(seriesId).orElse(null);
    if (history == null) {
      return List.of();
    }
    List<DetectedChange> found =
        history.size() < 2 ? List.of() : detector.detect(history, marks.read(seriesId));
    repository.deleteUntriagedExcept(
        seriesId, found.stream().map(c -> history.runIds()[c.index()]).toList());
    return store(history, found);
  }

  private List<Long> store(SeriesHistory history, List<DetectedChange> found) {
    List<Long> stored = new ArrayList<>();
    for (DetectedChange change : found) {
      repository
          .insert(history, change)
          .ifPresent(
              id -> {
                stored.add(id);
                events.publishEvent(new ChangePointDetected(id));
              });
    }
    return stored;
  }
}
