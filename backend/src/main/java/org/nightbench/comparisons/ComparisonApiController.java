package org.nightbench.comparisons;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.security.Principal;
import java.util.List;
import org.nightbench.web.NotFoundException;
import org.nightbench.web.QueryParameters;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** A/B comparisons: queue one, follow it, read its verdicts as JSON or luceneutil's text. */
@RestController
@RequestMapping(path = "/api/comparisons", produces = "application/json")
@Tag(name = "Comparisons", description = "Ad-hoc baseline vs candidate runs with their statistics")
class ComparisonApiController {

  private final ComparisonService comparisons;

  ComparisonApiController(ComparisonService comparisons) {
    this.comparisons = comparisons;
  }

  @PostMapping
  @Operation(
      summary = "Queue a comparison",
      description =
          "{\"baseline\": \"maven:9.12.3\", \"candidate\": \"git:main\", \"jvms\": 10,"
              + " \"baselineJvmArgs\": [], \"candidateJvmArgs\": [\"-Xmx512m\"],"
              + " \"baselineDirectory\": \"mmap\", \"candidateDirectory\": \"nio\","
              + " \"baselineStoredFields\": \"speed\", \"candidateStoredFields\":"
              + " \"compression\", \"baselinePostingsFormat\": null,"
              + " \"candidatePostingsFormat\": \"Lucene912\", \"benchmarks\": [\"search\","
              + " \"indexing\", \"pk-lookup\", \"nrt\", \"load\"], \"categories\":"
              + " [\"HighTerm\"], \"profile\", \"corpus\", \"resultsMayChange\": false}; its"
              + " id is the id of its run")
  ResponseEntity<ComparisonView> create(@RequestBody ComparisonRequest request, Principal user) {
    ComparisonView created = comparisons.create(request, user.getName());
    return ResponseEntity.created(URI.create("/api/comparisons/" + created.id())).body(created);
  }

  @GetMapping
  @Operation(summary = "Recent comparisons, newest first")
  List<ComparisonView> recent(@RequestParam(defaultValue = "50") int limit) {
    return comparisons.recent(QueryParameters.limit("limit", limit, 1_000));
  }

  @GetMapping("/{id}")
  @Operation(summary = "One comparison: its sides, state and, when done, its verdicts")
  ComparisonView get(@PathVariable long id) {
    return comparisons.get(id);
  }

  @PostMapping("/{id}/cancel")
  @Operation(summary = "Cancel a queued or running comparison (409 when it has already ended)")
  ComparisonView cancel(@PathVariable long id) {
    try {
      return comparisons.cancel(id);
    } catch (IllegalStateException e) {
      throw new ResponseStatusException(HttpStatus.CONFLICT, e.getMessage());
    }
  }

  @GetMapping(value = "/{id}.txt", produces = MediaType.TEXT_PLAIN_VALUE)
  @Operation(summary = "The verdicts in luceneutil's table layout, for a pull request")
  String text(@PathVariable long id) {
    ComparisonView comparison = comparisons.get(id);
    if (comparison.result() == null) {
      throw new NotFoundException(
          "Comparison " + id + " has no result yet (" + comparison.status() + ")");
    }
    return ComparisonText.of(comparison);
  }
}
