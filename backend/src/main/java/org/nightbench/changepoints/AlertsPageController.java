package org.nightbench.changepoints;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.web.Paging;
import org.nightbench.web.QueryParameters;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** The alerts page: change points to triage, filtered, a commit range's alerts together. */
@Controller
class AlertsPageController {

  static final String VIEW = "alerts/list";

  private final ChangePointService changePoints;

  AlertsPageController(ChangePointService changePoints) {
    this.changePoints = changePoints;
  }

  @GetMapping("/alerts")
  String list(
      @RequestParam(required = false) List<String> state,
      @RequestParam(required = false) List<String> stage,
      @RequestParam(required = false) String direction,
      @RequestParam(required = false) String benchmark,
      @RequestParam(required = false) String machine,
      @RequestParam(required = false) Double minChangePercent,
      @RequestParam(required = false) Integer page,
      HttpServletRequest request,
      Model model) {
    Paging paging = Paging.of(page, PAGE_SIZE);
    AlertFilter filter =
        filter(
            state,
            stage,
            direction,
            benchmark,
            machine,
            QueryParameters.finite("minChangePercent", minChangePercent) == null
                ? null
                : minChangePercent / 100,
            paging.limit());
    Map<String, List<Alert>> byRange = new LinkedHashMap<>();
    for (Alert alert : paging.shown(changePoints.alerts(filter, paging.offset()), request, model)) {
      byRange.computeIfAbsent(alert.commitRange(), range -> new ArrayList<>()).add(alert);
    }
    model.addAttribute("filter", filter);
    model.addAttribute("stateParams", state);
    model.addAttribute("query", request.getQueryString());
    model.addAttribute("minChangePercent", minChangePercent);
    model.addAttribute("byRange", byRange);
    model.addAttribute("states", TriageState.values());
    model.addAttribute("stages", AlertFilter.STAGES);
    model.addAttribute("machines", changePoints.machines());
    model.addAttribute("benchmarks", changePoints.benchmarks());
    return VIEW;
  }

  /** The page's bulk form: one triage for every ticked alert, then back to the same filters. */
  @PostMapping("/alerts/triage")
  String triage(
      @RequestParam(name = "id", required = false) List<Long> ids,
      @RequestParam(required = false) String newState,
      @RequestParam(required = false) String assignee,
      @RequestParam(required = false) String note,
      @RequestParam(required = false) String back,
      Principal user,
      RedirectAttributes redirect) {
    try {
      int updated =
          changePoints.triage(
              ids,
              new Triage(blankToNull(newState), blankToNull(assignee), blankToNull(note), null),
              user.getName());
      redirect.addFlashAttribute("message", updated + " alert(s) updated");
    } catch (IllegalArgumentException e) {
      redirect.addFlashAttribute("error", e.getMessage());
    }
    // Only a query string of this page: never an open redirect.
    String query = back == null || !back.matches("[A-Za-z0-9=&%._+-]*") ? "" : back;
    return "redirect:/alerts" + (query.isEmpty() ? "" : "?" + query);
  }

  /** The most alerts one page or API answer lists. */
  static final int MAX_ALERTS = 10_000;

  /** Alerts on one page of {@code /alerts}; older ones are on the next pages. */
  static final int PAGE_SIZE = 50;

  static AlertFilter filter(
      List<String> states,
      List<String> stages,
      String direction,
      String benchmark,
      String machine,
      Double minChange,
      int limit) {
    List<TriageState> parsed =
        states == null
            ? List.of()
            : states.stream().filter(s -> !s.isBlank()).map(TriageState::parse).toList();
    return new AlertFilter(
        parsed,
        stages,
        direction,
        benchmark,
        machine,
        QueryParameters.finite("minChange", minChange),
        QueryParameters.limit("limit", limit, MAX_ALERTS));
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
