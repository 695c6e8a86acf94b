package org.nightbench.changepoints;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.nightbench.changepoints.detection.DetectedChange;
import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.changepoints.detection.NightlyStep;
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
    return night(history, marks.read(seriesId), 1);
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
    // The run's own night and any that landed after it before detection got to them: none of
    // those was judged on its own.
    return night(history, told, history.size() - at);
  }

  /**
   * The night of the newest point, as {@link NightlyStep} decides it (the replay of a posted series
   * runs the same), stored; the newest {@code arrived} nights were not judged before.
   */
  private List<Long> night(SeriesHistory history, SeriesMarks told, int arrived) {
    int newest = history.size() - 1;
    int from =
        Math.max(0, Math.min(known(history), newest - NightlyStep.reach()) - SuspicionCheck.MATCH);
    return store(
        history, detector.night(history, told, staged(history, history.xs()[from]), arrived));
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
    if (history.size() < 2) {
      return List.of();
    }
    return store(history, detector.decide(history, told, found, staged(history, 0L)));
  }

  /** The series' change points from x {@code from} on, as the nightly step knows them. */
  private List<NightlyStep.Known> staged(SeriesHistory history, long from) {
    return repository.stagedSince(history.seriesId(), from).stream()
        .map(
            row ->
                new NightlyStep.Known(
                    row.id(),
                    history.indexOf(row.runId()),
                    NightlyStep.Stage.ofStored(row.stage()),
                    row.relativeChange(),
                    row.driftLastRunId() == null ? -1 : history.indexOf(row.driftLastRunId()),
                    row.machineChange() == null ? Double.NaN : row.machineChange()))
        .toList();
  }

  /**
   * Stores a night's decisions: a confirmation moves its suspected (or withdrawn) change point to
   * where the detector placed the step, its triage kept, or inserts a new one; each newly confirmed
   * one is announced. Withdrawn rows stay, as a person may have seen them.
   *
   * @return the ids of the change points newly confirmed
   */
  private List<Long> store(SeriesHistory history, List<NightlyStep.Decision> decisions) {
    List<Long> stored = new ArrayList<>();
    for (NightlyStep.Decision decision : decisions) {
      if (decision instanceof NightlyStep.Confirm c) {
        Optional<Long> id =
            c.key() != null && repository.confirm(c.key(), history, c.change())
                ? Optional.of(c.key())
                : repository.insert(history, c.change());
        if (!c.refit()) {
          id.ifPresent(
              confirmed -> {
                stored.add(confirmed);
                events.publishEvent(new ChangePointDetected(confirmed));
              });
        }
      } else if (decision instanceof NightlyStep.Withdraw w) {
        repository.withdraw(w.key());
      } else if (decision instanceof NightlyStep.Suspect s) {
        repository.insertSuspected(history, s.change(), s.earliest());
      }
    }
    return stored;
  }
}
