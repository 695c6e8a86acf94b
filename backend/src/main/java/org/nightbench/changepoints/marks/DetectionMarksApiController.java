package org.nightbench.changepoints.marks;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.security.Principal;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Excluded nights, expected changes and the sensitivity override of a series. Reading is public;
 * the writes need an editor (the security rules' default for anything but GET).
 */
@RestController
@RequestMapping(path = "/api/series/{id}", produces = "application/json")
@Tag(
    name = "Detection marks",
    description = "What editors tell change detection about a series; each change recomputes it")
class DetectionMarksApiController {

  private final DetectionMarks marks;

  DetectionMarksApiController(DetectionMarks marks) {
    this.marks = marks;
  }

  @GetMapping("/detection")
  @Operation(
      summary = "A series' excluded nights, expected changes and sensitivity",
      description =
          "minRelativeChange is the series' override (null: the detector's"
              + " defaultMinRelativeChange)")
  SeriesMarks detection(@Parameter(description = "Series id") @PathVariable long id) {
    return marks.of(id);
  }

  @PostMapping(path = "/exclusions", consumes = "application/json")
  @Operation(
      summary = "Leave a night out of detection",
      description =
          "Body {\"runId\", \"note\"}; marking a night again replaces its note. The run must have a point in the series. The point stays"
              + " on the chart, greyed; the series' change points are recomputed.")
  DetectionMark exclude(@PathVariable long id, @RequestBody MarkRequest request, Principal user) {
    return marks.mark(id, MarkKind.EXCLUDED, request, user.getName());
  }

  @DeleteMapping("/exclusions/{runId}")
  @Operation(summary = "Take a night back into detection")
  ResponseEntity<Void> include(@PathVariable long id, @PathVariable long runId) {
    marks.unmark(id, MarkKind.EXCLUDED, runId);
    return ResponseEntity.noContent().build();
  }

  @PostMapping(path = "/expected-changes", consumes = "application/json")
  @Operation(
      summary = "Mark an expected change (a benchmark or environment change)",
      description =
          "Body {\"runId\", \"note\"}: the first run of the new level. Detection treats it as a"
              + " known boundary and raises no alert within 2 points of it.")
  DetectionMark expect(@PathVariable long id, @RequestBody MarkRequest request, Principal user) {
    return marks.mark(id, MarkKind.EXPECTED, request, user.getName());
  }

  @DeleteMapping("/expected-changes/{runId}")
  @Operation(summary = "Remove an expected change")
  ResponseEntity<Void> unexpect(@PathVariable long id, @PathVariable long runId) {
    marks.unmark(id, MarkKind.EXPECTED, runId);
    return ResponseEntity.noContent().build();
  }

  @PutMapping(path = "/sensitivity", consumes = "application/json")
  @Operation(
      summary = "Set the series' smallest step worth reporting",
      description = "Body {\"minRelativeChange\": 0.03} for 3 %, between 0 and 1")
  SeriesMarks sensitivity(
      @PathVariable long id, @RequestBody SensitivityRequest request, Principal user) {
    return marks.sensitivity(id, request, user.getName());
  }

  @DeleteMapping("/sensitivity")
  @Operation(summary = "Back to the detector's default sensitivity")
  ResponseEntity<Void> defaultSensitivity(@PathVariable long id) {
    marks.defaultSensitivity(id);
    return ResponseEntity.noContent().build();
  }
}
