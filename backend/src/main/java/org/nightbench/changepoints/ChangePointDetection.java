package org.nightbench.changepoints;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.nightbench.changepoints.DetectionRepository.StagedChange;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.detection.SuspectedChange;
import org.nightbench.changepoints.detection.SuspicionCheck;
import org.nightbench.changepoints.marks.DetectionMarks;
import org.nightbench.changepoints.marks.SeriesMarks;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Runs the detector over stored series and stores what it finds: incrementally after each ingested
 * run (only the tail that can still hold a new step), or over a series' whole history. Always with
 * what editors told detection about the series (excluded nights, expected changes, sensitivity).
 * After either, the morning-after check: a change is suspected as soon as the newest nights lie
 * beyond the noise of the recent history, confirmed when the detector places a step there, and
 * withdrawn when later nights do not hold it (the row stays, as a person may have seen it).
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
    int known = known(history);
    SeriesMarks told = marks.read(seriesId);
    List<Long> stored = store(history, detector.detectAppended(history, told, known));
    suspect(history, told);
    return stored;
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
    int known = known(history);
    SeriesMarks told = marks.read(seriesId);
    int at = history.indexOf(runId);
    if (at >= 0 && at < detector.appendedFrom(history, told, known)) {
      return detectAll(seriesId);
    }
    List<Long> stored = store(history, detector.detectAppended(history, told, known));
    suspect(history, told);
    return stored;
  }

  /** The index of the series' newest confirmed change point, or 0. */
  private int known(SeriesHistory history) {
    return repository
        .latestChangeRun(history.seriesId())
        .map(history::indexOf)
        .filter(i -> i >= 0)
        .orElse(0);
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
    SeriesMarks told = marks.read(seriesId);
    List<DetectedChange> found = history.size() < 2 ? List.of() : detector.detect(history, told);
    repository.deleteUntriagedExcept(
        seriesId, found.stream().map(c -> history.runIds()[c.index()]).toList());
    List<Long> stored = store(history, found);
    if (history.size() >= 2) {
      suspect(history, told);
    }
    return stored;
  }

  /**
   * Stores the detector's steps as confirmed change points: one within {@value
   * SuspicionCheck#MATCH} nights of a suspected (or withdrawn) one confirms that one, moved to
   * where the detector placed it, its triage kept; any other is new. Each newly confirmed one is
   * announced.
   */
  private List<Long> store(SeriesHistory history, List<DetectedChange> found) {
    List<Long> stored = new ArrayList<>();
    if (found.isEmpty()) {
      return stored;
    }
    List<StagedChange> staged =
        new ArrayList<>(
            repository.stagedSince(
                history.seriesId(), history.xs()[found.get(0).index()] - MATCH_MS));
    for (DetectedChange change : found) {
      Optional<Long> id = Optional.empty();
      StagedChange suspected = nearestUnconfirmed(history, staged, change.index());
      if (suspected != null && repository.confirm(suspected.id(), history, change)) {
        staged.remove(suspected);
        id = Optional.of(suspected.id());
      } else {
        id = repository.insert(history, change);
      }
      id.ifPresent(
          confirmed -> {
            stored.add(confirmed);
            events.publishEvent(new ChangePointDetected(confirmed));
          });
    }
    return stored;
  }

  /** A generous bound in x for the rows a match may need: {@code MATCH} nights are days apart. */
  private static final long MATCH_MS = 86_400_000L * 31 * SuspicionCheck.MATCH;

  /**
   * The suspected or withdrawn change point nearest {@code index}, within MATCH nights, or null.
   */
  private static StagedChange nearestUnconfirmed(
      SeriesHistory history, List<StagedChange> staged, int index) {
    StagedChange nearest = null;
    int distance = Integer.MAX_VALUE;
    for (StagedChange row : staged) {
      int at = history.indexOf(row.runId());
      if (!row.confirmed() && at >= 0 && Math.abs(at - index) <= SuspicionCheck.MATCH) {
        if (Math.abs(at - index) < distance) {
          distance = Math.abs(at - index);
          nearest = row;
        }
      }
    }
    return nearest;
  }

  /**
   * The morning-after check on the series' newest nights: withdraws the suspected change points
   * that the nights since no longer hold or that the detector has not confirmed within {@value
   * SuspicionCheck#CONFIRM_WITHIN} nights, and stores a new suspected one where the newest nights
   * lie beyond the noise of the history since the newest confirmed change point, unless a change
   * point (in any stage) lies within {@value SuspicionCheck#MATCH} nights of it. Reads only the
   * rows and nights of the series' tail, so a night costs the same in year fifteen as in year one.
   */
  private void suspect(SeriesHistory history, SeriesMarks told) {
    int newest = history.size() - 1;
    int since = known(history);
    int tail = Math.max(0, newest - SuspicionCheck.REFERENCE - SuspicionCheck.CONFIRM_WITHIN);
    List<StagedChange> staged = repository.stagedSince(history.seriesId(), history.xs()[tail]);
    for (StagedChange row : staged) {
      int at = history.indexOf(row.runId());
      if (!row.suspected()) {
        continue;
      }
      boolean stale =
          at < 0
              || at <= since
              || newest - at > SuspicionCheck.CONFIRM_WITHIN
              || !detector.holds(history, told, at, row.relativeChange(), since);
      if (stale) {
        repository.withdraw(row.id());
      }
    }
    Optional<SuspectedChange> found = detector.suspect(history, told, since);
    if (found.isEmpty()) {
      return;
    }
    int index = found.get().index();
    boolean known =
        staged.stream()
            .map(row -> history.indexOf(row.runId()))
            .anyMatch(at -> at >= 0 && Math.abs(at - index) <= SuspicionCheck.MATCH);
    if (!known && index > since) {
      repository.insertSuspected(history, found.get());
    }
  }
}
