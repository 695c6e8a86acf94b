package org.nightbench.changepoints;

import org.nightbench.changepoints.marks.DetectionInputsChanged;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Recomputes a series' change points when an editor excluded a night, marked an expected change or
 * changed its sensitivity: in the same transaction, so the answer to that request already shows the
 * new change points (a series' full recompute takes milliseconds).
 */
@Component
class RecomputeOnNewMarks {

  private final ChangePointDetection detection;

  RecomputeOnNewMarks(ChangePointDetection detection) {
    this.detection = detection;
  }

  @EventListener
  void recompute(DetectionInputsChanged changed) {
    detection.detectAll(changed.seriesId());
  }
}
