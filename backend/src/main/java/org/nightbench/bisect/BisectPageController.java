package org.nightbench.bisect;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import org.nightbench.web.Paging;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** The bisect pages: recent ones with a form, and one bisect's walk and result. */
@Controller
class BisectPageController {

  static final String LIST_VIEW = "bisects/list";
  static final String DETAIL_VIEW = "bisects/detail";

  private final BisectService bisects;

  BisectPageController(BisectService bisects) {
    this.bisects = bisects;
  }

  /** Recent bisects, or those of one alert or series with a form to start one from it. */
  @GetMapping("/bisects")
  String list(
      @RequestParam(required = false) Long changePointId,
      @RequestParam(required = false) Long seriesId,
      @RequestParam(required = false) Integer page,
      HttpServletRequest request,
      Model model) {
    // All of one alert's or series' bisects; of all, 100 a page, the newest first.
    Paging paging = Paging.of(page, 100);
    model.addAttribute(
        "bisects",
        changePointId != null
            ? bisects.forChangePoint(changePointId)
            : seriesId != null
                ? bisects.forSeries(seriesId)
                : paging.shown(bisects.recent(paging.limit(), paging.offset()), request, model));
    model.addAttribute("changePointId", changePointId);
    model.addAttribute("seriesId", changePointId != null ? null : seriesId);
    // No form offers what the service would refuse: say why instead.
    model.addAttribute(
        "refusal",
        changePointId != null
            ? bisects.refusalForChangePoint(changePointId).orElse(null)
            : seriesId != null ? bisects.refusalForSeries(seriesId).orElse(null) : null);
    return LIST_VIEW;
  }

  @GetMapping("/bisects/{id}")
  String detail(@PathVariable long id, Model model) {
    model.addAttribute("view", bisects.view(id));
    return DETAIL_VIEW;
  }

  /** The form of the list page, and the buttons of the alerts and series pages. */
  @PostMapping("/bisects")
  String start(
      @RequestParam(required = false) String good,
      @RequestParam(required = false) String bad,
      @RequestParam(required = false) String benchmark,
      @RequestParam(required = false) String task,
      @RequestParam(required = false) String metric,
      @RequestParam(required = false) Long changePointId,
      @RequestParam(required = false) Long seriesId,
      @RequestParam(required = false) Long goodRunId,
      @RequestParam(required = false) Long badRunId,
      @RequestParam(required = false) Integer jvms,
      @RequestParam(required = false) boolean profiles,
      Principal user,
      RedirectAttributes redirect) {
    try {
      BisectView started =
          bisects.start(
              new BisectRequest(
                  good,
                  bad,
                  benchmark,
                  task,
                  metric,
                  changePointId,
                  seriesId,
                  goodRunId,
                  badRunId,
                  null,
                  null,
                  jvms,
                  null,
                  profiles),
              user.getName());
      return "redirect:/bisects/" + started.bisect().id();
    } catch (IllegalArgumentException e) {
      redirect.addFlashAttribute("error", e.getMessage());
      return "redirect:/bisects";
    }
  }

  @PostMapping("/bisects/{id}/cancel")
  String cancel(@PathVariable long id, Principal user) {
    try {
      bisects.cancel(id, user.getName());
    } catch (IllegalStateException e) {
      // It ended while the page was open; the page shows how.
    }
    return "redirect:/bisects/" + id;
  }

  @PostMapping("/bisects/{id}/annotation")
  String annotate(@PathVariable long id, Principal user, RedirectAttributes redirect) {
    try {
      bisects.annotate(id, user.getName());
    } catch (IllegalStateException e) {
      redirect.addFlashAttribute("error", e.getMessage());
    }
    return "redirect:/bisects/" + id;
  }
}
