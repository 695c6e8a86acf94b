package org.nightbench.runs;

import jakarta.servlet.http.HttpServletRequest;
import org.nightbench.jfr.JfrRecorder;
import org.nightbench.jfr.JfrService;
import org.nightbench.lucene.LuceneGitProperties;
import org.nightbench.series.digest.DigestService;
import org.nightbench.web.NotFoundException;
import org.nightbench.web.Paging;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Controller
class RunPageController {

  static final String LIST_VIEW = "runs/list";
  static final String DETAIL_VIEW = "runs/detail";
  private static final int LIST_LIMIT = 200;

  private final RunService runs;
  private final DigestService digests;
  private final JfrService jfr;
  private final String luceneWebUrl;

  RunPageController(
      RunService runs,
      DigestService digests,
      JfrService jfr,
      @Value("${nightbench.lucene.git.web-url:" + LuceneGitProperties.APACHE_LUCENE_WEB + "}")
          String luceneWebUrl) {
    this.runs = runs;
    this.digests = digests;
    this.jfr = jfr;
    this.luceneWebUrl = luceneWebUrl;
  }

  /** The newest runs, a page of them; older ones on the next pages. */
  @GetMapping("/runs")
  String list(
      @RequestParam(required = false) Integer page, HttpServletRequest request, Model model) {
    Paging paging = Paging.of(page, LIST_LIMIT);
    model.addAttribute(
        "runs", paging.shown(runs.recent(paging.limit(), paging.offset()), request, model));
    return LIST_VIEW;
  }

  /**
   * The run with its digest (every series against the previous comparable run, grouped and by
   * significance); a disturbed run judges nothing unless {@code judgeDisturbed}.
   */
  @GetMapping("/runs/{id}")
  String detail(
      @PathVariable long id,
      @RequestParam(defaultValue = "false") boolean judgeDisturbed,
      Model model) {
    Run run = runs.find(id).orElseThrow(() -> new NotFoundException("No run " + id));
    model.addAttribute("run", run);
    model.addAttribute("log", runs.log(id, 0));
    model.addAttribute("digest", digests.ofRun(id, judgeDisturbed).orElse(null));
    model.addAttribute("environment", runs.environment(id).orElse(null));
    model.addAttribute("luceneWebUrl", luceneWebUrl); // links the run's commit and its changes
    model.addAttribute("changes", runs.changes(id).orElse(RunChanges.NONE));
    model.addAttribute("insights", runs.insights(id).orElseThrow());
    model.addAttribute("hotMethods", jfr.hottest(id, JfrRecorder.NO_SIDE));

    return DETAIL_VIEW;
  }

  @PostMapping("/runs/{id}/cancel")
  String cancel(@PathVariable long id) {
    try {
      runs.cancel(id);
    } catch (IllegalStateException e) {
      // It ended while the page was open; the page shows how.
    }
    return "redirect:/runs/" + id;
  }
}
