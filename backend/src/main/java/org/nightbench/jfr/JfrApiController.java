package org.nightbench.jfr;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** JFR samples as JSON: a run's hottest methods, and the diff of two runs' (or sides'). */
@RestController
class JfrApiController {

  private final JfrService jfr;

  JfrApiController(JfrService jfr) {
    this.jfr = jfr;
  }

  /** A run's recorded benchmarks with their hottest methods; {@code side} for a comparison's. */
  @GetMapping("/api/profiles")
  List<HotMethods> ofRun(@RequestParam long run, @RequestParam(required = false) String side) {
    JfrIds.check(run);
    return jfr.hottest(run, JfrIds.side(side));
  }

  /**
   * What got slower from run {@code before} to run {@code after}: per benchmark recorded in both,
   * the methods whose share changed most. A comparison is one run: give the sides.
   */
  @GetMapping("/api/profiles/diff")
  List<JfrDiff> diff(
      @RequestParam long before,
      @RequestParam long after,
      @RequestParam(required = false) String beforeSide,
      @RequestParam(required = false) String afterSide) {
    JfrIds.check(before, after);
    return jfr.diffs(before, JfrIds.side(beforeSide), after, JfrIds.side(afterSide));
  }
}
