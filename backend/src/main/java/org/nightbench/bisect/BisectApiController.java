package org.nightbench.bisect;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.security.Principal;
import java.util.List;
import org.nightbench.annotations.Annotation;
import org.nightbench.web.QueryParameters;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Bisects: start one, follow it, cancel it, annotate its culprit. */
@RestController
@RequestMapping(path = "/api/bisects", produces = "application/json")
@Tag(name = "Bisects", description = "From a change point to the commit that made it")
class BisectApiController {

  private final BisectService bisects;

  BisectApiController(BisectService bisects) {
    this.bisects = bisects;
  }

  @PostMapping
  @Operation(
      summary = "Start a bisect",
      description =
          "{\"good\": \"3f2a9c1\", \"bad\": \"main\", \"benchmark\": \"search\", \"task\":"
              + " \"OrHighHigh\", \"metric\": \"qps\", \"jvms\": 5, \"maxJvms\": 20} — or"
              + " {\"changePointId\": 12}, or {\"seriesId\": 3, \"goodRunId\": 40, \"badRunId\":"
              + " 41}; optional profile, corpus, profiles")
  ResponseEntity<BisectView> start(@RequestBody BisectRequest request, Principal user) {
    BisectView started = bisects.start(request, user.getName());
    return ResponseEntity.created(URI.create("/api/bisects/" + started.bisect().id()))
        .body(started);
  }

  @GetMapping
  @Operation(summary = "Recent bisects, newest first; or those of one change point or series")
  List<Bisect> recent(
      @RequestParam(defaultValue = "50") int limit,
      @RequestParam(required = false) Long changePointId,
      @RequestParam(required = false) Long seriesId) {
    if (changePointId != null) {
      return bisects.forChangePoint(changePointId);
    }
    if (seriesId != null) {
      return bisects.forSeries(seriesId);
    }
    return bisects.recent(QueryParameters.limit("limit", limit, 500));
  }

  @GetMapping("/{id}")
  @Operation(summary = "One bisect: its range, every probe's verdict and effect, the culprit")
  BisectView get(@PathVariable long id) {
    return bisects.view(id);
  }

  @PostMapping("/{id}/cancel")
  @Operation(summary = "Cancel a running bisect and its comparison (409 once it has ended)")
  BisectView cancel(@PathVariable long id, Principal user) {
    try {
      return bisects.cancel(id, user.getName());
    } catch (IllegalStateException e) {
      throw new ResponseStatusException(HttpStatus.CONFLICT, e.getMessage());
    }
  }

  @PostMapping("/{id}/annotation")
  @Operation(summary = "Annotate the culprit on its series (once; 409 without a culprit)")
  Annotation annotate(@PathVariable long id, Principal user) {
    try {
      return bisects.annotate(id, user.getName());
    } catch (IllegalStateException e) {
      throw new ResponseStatusException(HttpStatus.CONFLICT, e.getMessage());
    }
  }
}
