package org.nightbench.series.digest;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.nightbench.web.NotFoundException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(
    name = "Digest",
    description =
        "What a run changed against the previous comparable run, or between two runs: judged from"
            + " the per-JVM samples (Welch or Mann-Whitney, Benjamini-Hochberg across the run)")
class DigestApiController {

  private final DigestService digests;

  DigestApiController(DigestService digests) {
    this.digests = digests;
  }

  @GetMapping("/api/digest/latest")
  @Operation(
      summary = "The overview's digest: every machine's newest run against its previous one",
      description = "Newest runs on a disturbed machine are listed apart in `disturbed`, unjudged.")
  DigestService.Morning latest() {
    return digests.morning();
  }

  @GetMapping("/api/runs/{id}/digest")
  @Operation(
      summary = "The run against the previous comparable run (same machine, JDK, corpus, profile)",
      description =
          "Previous in the series' own order: release order when every run is a release, else"
              + " revision date. 404 for an unknown run or one that has not succeeded. A disturbed"
              + " run judges nothing unless judgeDisturbed=true.")
  RunDigest ofRun(
      @PathVariable long id, @RequestParam(defaultValue = "false") boolean judgeDisturbed) {
    return digests
        .ofRun(id, judgeDisturbed)
        .orElseThrow(() -> new NotFoundException("Run " + id + " has not succeeded: no digest"));
  }

  @GetMapping("/api/digest")
  @Operation(
      summary = "The digest between any two comparable runs, from the baseline to the later one",
      description =
          "Each row names the change point found for its series after `from` up to `to`, with its"
              + " triage state. 400 naming why for a malformed id, the same run twice, a run that"
              + " has not succeeded, or runs of another machine, JDK, corpus or profile; 404 for"
              + " an unknown run.")
  RunDigest between(
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(defaultValue = "false") boolean judgeDisturbed) {
    return digests.between(from, to, judgeDisturbed);
  }
}
