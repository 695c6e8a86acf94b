package org.nightbench.jfr;

import org.nightbench.web.NotFoundException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A stored recording's flame graph, and the "what got slower" page of two runs' recordings (linked
 * from an alert with the runs either side of the change). Requests name recordings and runs by id
 * only.
 */
@Controller
class JfrPageController {

  static final String DIFF_VIEW = "jfr/diff";

  /**
   * The converter's page draws with an inline script, which the application's policy forbids; this
   * one document may run its own inline script, in a sandbox: an origin of its own, so even a
   * method name crafted into a script could not reach the session or the API.
   */
  static final String FLAME_GRAPH_POLICY =
      "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline';"
          + " style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

  private final JfrService jfr;

  JfrPageController(JfrService jfr) {
    this.jfr = jfr;
  }

  @GetMapping("/profiles/{id}/flame-graph")
  ResponseEntity<String> flameGraph(@PathVariable long id) {
    String html = jfr.flameGraph(id).orElseThrow(() -> new NotFoundException("No recording " + id));
    return ResponseEntity.ok()
        .contentType(new MediaType(MediaType.TEXT_HTML, java.nio.charset.StandardCharsets.UTF_8))
        .header("Content-Security-Policy", FLAME_GRAPH_POLICY)
        .header(HttpHeaders.CACHE_CONTROL, "private, max-age=3600")
        .body(html);
  }

  /**
   * The recordings of run {@code before} against those of run {@code after}, per benchmark; a side
   * names a comparison's baseline or candidate (a bisect's culprit against its parent takes one
   * side of each of two comparisons).
   */
  @GetMapping("/profiles/diff")
  String diff(
      @RequestParam long before,
      @RequestParam long after,
      @RequestParam(required = false) String beforeSide,
      @RequestParam(required = false) String afterSide,
      Model model) {
    JfrIds.check(before, after);
    String fromSide = JfrIds.side(beforeSide);
    String toSide = JfrIds.side(afterSide);
    model.addAttribute("before", before);
    model.addAttribute("after", after);
    model.addAttribute("beforeLabel", label(before, fromSide));
    model.addAttribute("afterLabel", label(after, toSide));
    model.addAttribute("diffs", jfr.diffs(before, fromSide, after, toSide));
    return DIFF_VIEW;
  }

  private static String label(long run, String side) {
    return "run " + run + (side.isEmpty() ? "" : " (" + side + ")");
  }
}
