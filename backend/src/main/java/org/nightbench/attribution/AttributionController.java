package org.nightbench.attribution;

import java.security.Principal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** The alerts page's per-alert form: an editor says whose move an alert is. */
@Controller
class AttributionController {

  private final Attributions attributions;

  AttributionController(Attributions attributions) {
    this.attributions = attributions;
  }

  @PostMapping("/alerts/{id}/attribution")
  String override(
      @PathVariable long id,
      @RequestParam(required = false) String verdict,
      @RequestParam(required = false) String back,
      Principal user,
      RedirectAttributes redirect) {
    try {
      attributions.override(id, verdict, user);
      redirect.addFlashAttribute(
          "message",
          "alert " + id + ": " + ("automatic".equals(verdict) ? "the evidence decides" : verdict));
    } catch (IllegalArgumentException e) {
      redirect.addFlashAttribute("error", e.getMessage());
    }
    // Only a query string of the alerts page: never an open redirect.
    String query = back == null || !back.matches("[A-Za-z0-9=&%._+-]*") ? "" : back;
    return "redirect:/alerts" + (query.isEmpty() ? "" : "?" + query) + "#alert-" + id;
  }
}
