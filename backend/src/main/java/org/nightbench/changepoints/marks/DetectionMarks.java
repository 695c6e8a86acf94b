package org.nightbench.changepoints.marks;

import org.nightbench.changepoints.detection.DetectorSettings;
import org.nightbench.web.ControlCharacters;
import org.nightbench.web.NotFoundException;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Reads and changes what editors told detection about a series, checking every input; each change
 * publishes {@link DetectionInputsChanged} in its transaction, so the series' change points are
 * recomputed before the change is visible.
 */
@Service
public class DetectionMarks {

  static final int MAX_NOTE = 500;

  /** A step of more than its level again is no threshold but a typo (10 for 1,000 %?). */
  static final double MAX_MIN_RELATIVE_CHANGE = 1.0;

  private final DetectionMarkRepository repository;
  private final ApplicationEventPublisher events;

  DetectionMarks(DetectionMarkRepository repository, ApplicationEventPublisher events) {
    this.repository = repository;
    this.events = events;
  }

  /** Everything told about a series, or {@link NotFoundException}. */
  @Transactional(readOnly = true)
  public SeriesMarks of(long seriesId) {
    existing(seriesId);
    return read(seriesId);
  }

  /**
   * The same without the existence check, for detection, which has just read the series: an unknown
   * series simply has no marks.
   */
  public SeriesMarks read(long seriesId) {
    return new SeriesMarks(
        seriesId,
        repository.marks(seriesId, MarkKind.EXCLUDED),
        repository.marks(seriesId, MarkKind.EXPECTED),
        repository.minRelativeChange(seriesId).orElse(null),
        DetectorSettings.defaults().minRelativeChange());
  }

  /** Marks a night of a series; marking it again replaces the note. */
  @Transactional
  public DetectionMark mark(long seriesId, MarkKind kind, MarkRequest request, String user) {
    existing(seriesId);
    if (request == null || request.runId() == null) {
      throw new IllegalArgumentException("no runId: send {\"runId\": 123, \"note\": \"…\"}");
    }
    long runId = request.runId();
    if (!repository.hasPoint(seriesId, runId)) {
      throw new IllegalArgumentException("run " + runId + " has no point in series " + seriesId);
    }
    repository.upsert(seriesId, runId, kind, note(request.note()), user);
    events.publishEvent(new DetectionInputsChanged(seriesId));
    return repository.mark(seriesId, runId, kind).orElseThrow();
  }

  /** Removes a mark, or {@link NotFoundException} when the night has none of that kind. */
  @Transactional
  public void unmark(long seriesId, MarkKind kind, long runId) {
    existing(seriesId);
    if (!repository.delete(seriesId, runId, kind)) {
      throw new NotFoundException(
          "run " + runId + " is not marked " + kind.stored() + " in series " + seriesId);
    }
    events.publishEvent(new DetectionInputsChanged(seriesId));
  }

  /** Sets the series' own smallest step worth reporting. */
  @Transactional
  public SeriesMarks sensitivity(long seriesId, SensitivityRequest request, String user) {
    existing(seriesId);
    Double min = request == null ? null : request.minRelativeChange();
    if (min == null) {
      throw new IllegalArgumentException(
          "no minRelativeChange: send {\"minRelativeChange\": 0.03} for 3 %");
    }
    if (!(min >= 0 && min <= MAX_MIN_RELATIVE_CHANGE)) {
      throw new IllegalArgumentException(
          "minRelativeChange must be between 0 and "
              + MAX_MIN_RELATIVE_CHANGE
              + " (0.03 = 3 %): "
              + min);
    }
    repository.setMinRelativeChange(seriesId, min, user);
    events.publishEvent(new DetectionInputsChanged(seriesId));
    return read(seriesId);
  }

  /** Back to the detector's default; {@link NotFoundException} when the series had no override. */
  @Transactional
  public void defaultSensitivity(long seriesId) {
    existing(seriesId);
    if (!repository.clearMinRelativeChange(seriesId)) {
      throw new NotFoundException("series " + seriesId + " has no sensitivity override");
    }
    events.publishEvent(new DetectionInputsChanged(seriesId));
  }

  private void existing(long seriesId) {
    if (!repository.seriesExists(seriesId)) {
      throw new NotFoundException("No series " + seriesId);
    }
  }

  private static String note(String note) {
    if (note == null || note.isBlank()) {
      return null;
    }
    ControlCharacters.refuse("note", note);
    String stripped = note.strip();
    if (stripped.length() > MAX_NOTE) {
      throw new IllegalArgumentException("note too long: at most " + MAX_NOTE + " characters");
    }
    return stripped;
  }
}
