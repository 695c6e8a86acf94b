package org.nightbench.runs.machines;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

@Controller
class MachinesPageController {

  static final String LIST_VIEW = "machines/list";

  private final MachineRegistry machines;

  MachinesPageController(MachineRegistry machines) {
    this.machines = machines;
  }

  @GetMapping("/machines")
  String list(Model model) {
    model.addAttribute("machines", machines.overview());
    return LIST_VIEW;
  }
}
