package org.nightbench.annotations;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Annotations as JSON: read by anyone, written by editors, who and when recorded. */
@RestController
@RequestMapping(path = "/api/annotations", produces = "application/json")
@Tag(
    name = "Annotations",
    description = "Remarks on the charts, lettered A, B, C … in date order on each chart")
class AnnotationApiController {

  /** What an import stored. */
  record Imported(int created, List<Long> ids) {}

  private static final String IMPORT_EXAMPLE =
      """
      date,short_text,long_text
      # moved in from the hand-kept list
      2024-01-15,New merge policy,https://github.com/apache/lucene/pull/1234
      2024-02-01,"JDK 21, then 22",Upgraded the benchmark box
      """;

  private final AnnotationService annotations;

  AnnotationApiController(AnnotationService annotations) {
    this.annotations = annotations;
  }

  @GetMapping
  @Operation(
      summary = "All annotations, in date order",
      description =
          "Optionally only of one scope (series, group or all) and of one benchmark, e.g. search"
              + " (the benchmark's own, scope group, and those of its series). Scope group means"
              + " every chart of one benchmark, not a chart group of the overview. Letters belong"
              + " to a chart: see"
              + " /api/series/{id}/annotations.")
  List<Annotation> list(
      @RequestParam(required = false) String scope,
      @RequestParam(required = false) String benchmark) {
    return annotations.all(scope, benchmark);
  }

  @GetMapping("/{id}")
  @Operation(summary = "One annotation")
  @ApiResponse(responseCode = "200", description = "The annotation")
  @ApiResponse(
      responseCode = "404",
      description = "No such annotation",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  Annotation get(@PathVariable long id) {
    return annotations.get(id);
  }

  @PostMapping(consumes = "application/json")
  @Operation(
      summary = "Annotate a date or a run",
      description =
          "`at` (ISO date or instant) or `runId` (then the run's revision date, or when it was"
              + " queued), shortText (1-200 characters, one line), longText (links become"
              + " clickable), kind (code, environment, benchmark or noise; default code), scope"
              + " (series with seriesId, group with benchmark, or all). Needs an editor.")
  @ApiResponse(responseCode = "201", description = "Created; Location names it")
  @ApiResponse(
      responseCode = "400",
      description = "A one-line reason",
      content =
          @Content(
              mediaType = "application/problem+json",
              schema = @Schema(implementation = ProblemDetail.class)))
  ResponseEntity<Annotation> create(@RequestBody AnnotationRequest request, Principal user) {
    Annotation created = annotations.create(request, user.getName());
    return ResponseEntity.created(URI.create("/api/annotations/" + created.id())).body(created);
  }

  @PutMapping(path = "/{id}", consumes = "application/json")
  @Operation(
      summary = "Edit an annotation",
      description =
          "The same body as a new one, replacing all of it; records who and when. Needs an"
              + " editor.")
  Annotation update(@PathVariable long id, @RequestBody AnnotationRequest request, Principal user) {
    return annotations.update(id, request, user.getName());
  }

  @DeleteMapping("/{id}")
  @Operation(summary = "Delete an annotation", description = "Needs an editor.")
  @ApiResponse(responseCode = "204", description = "Deleted")
  ResponseEntity<Void> delete(@PathVariable long id) {
    annotations.delete(id);
    return ResponseEntity.noContent().build();
  }

  @PostMapping(
      path = "/import",
      consumes = {"text/csv", "text/plain"})
  @Operation(
      summary = "Import a known-changes file: one annotation per line",
      description =
          "Lines `date,short text,long text` (long text optional; RFC 4180 quoting; an optional"
              + " header `date,short_text,long_text`; `#` comment lines and blank lines skipped)."
              + " Every line gets the kind and scope of the query (default kind code, scope all)."
              + " All or none: a bad line stores nothing and is named in a one-line 400, e.g."
              + " `line 7: bad date '2024-13-01'`. Needs an editor.",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content =
                  @Content(
                      mediaType = "text/csv",
                      examples = @ExampleObject(value = IMPORT_EXAMPLE))))
  @ApiResponse(responseCode = "201", description = "How many were created, and their ids")
  ResponseEntity<Imported> importFile(
      @RequestBody byte[] body,
      @Parameter(hidden = true) @RequestHeader(HttpHeaders.CONTENT_TYPE) String contentType,
      @Parameter(description = "series, group or all (default all)") @RequestParam(required = false)
          String scope,
      @Parameter(description = "code (default), environment, benchmark or noise")
          @RequestParam(required = false)
          String kind,
      @Parameter(description = "The series, for scope series") @RequestParam(required = false)
          Long seriesId,
      @Parameter(description = "The benchmark (e.g. search), for scope group: every chart of it")
          @RequestParam(required = false)
          String benchmark,
      Principal user) {
    Charset charset = MediaType.parseMediaType(contentType).getCharset();
    String text = new String(body, charset == null ? StandardCharsets.UTF_8 : charset);
    List<Long> ids =
        annotations.importFile(
            text,
            new AnnotationRequest(null, null, null, null, kind, scope, seriesId, benchmark),
            user.getName());
    return ResponseEntity.status(201).body(new Imported(ids.size(), ids));
  }
}
