package org.nightbench.runs.machines;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.TreeMap;
import org.nightbench.web.Paging;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The machines page: each label with its workers, current run and queue, a page of labels. */
@Controller
class MachinesPageController {

  static final String LIST_VIEW = "machines/list";

  /** Machine labels a page, by name. */
  static final int PAGE_SIZE = 50;

  private final MachineRegistry machines;

  MachinesPageController(MachineRegistry machines) {
    this.machines = machines;
  }

  @GetMapping("/machines")
  String list(
      @RequestParam(required = false) Integer page, HttpServletRequest request, Model model) {
    Paging paging = Paging.of(page, PAGE_SIZE);
    model.addAttribute(
        "machines",
        paging.shown(machines.overview(paging.limit(), paging.offset()), request, model));
    // Runs that will not start are said on every page, whichever page their machine is on.
    Map<String, Long> unserved = new TreeMap<>(machines.unservedQueues());
    model.addAttribute(
        "warnings", unserved.keySet().stream().map(MachineStatus::unserved).toList());
    return LIST_VIEW;
  }
}
