package org.nightbench.comparisons;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.Arrays;
import java.util.List;
import org.nightbench.jfr.JfrService;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.web.Paging;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** The comparisons pages: past ones with a form for a new one, and one comparison's verdicts. */
@Controller
class ComparisonPageController {

  static final String LIST_VIEW = "comparisons/list";
  static final String DETAIL_VIEW = "comparisons/detail";

  private final ComparisonService comparisons;
  private final JfrService jfr;

  ComparisonPageController(ComparisonService comparisons, JfrService jfr) {
    this.comparisons = comparisons;
    this.jfr = jfr;
  }

  /** The newest comparisons, 100 a page; older ones on the next pages. */
  @GetMapping("/comparisons")
  String list(
      @RequestParam(required = false) Integer page, HttpServletRequest request, Model model) {
    Paging paging = Paging.of(page, 100);
    model.addAttribute(
        "comparisons",
        paging.shown(comparisons.recent(paging.limit(), paging.offset()), request, model));
    // The form's benchmark checkboxes: every comparable definition, search ticked as the default.
    model.addAttribute("benchmarkChoices", Benchmarks.comparable());
    model.addAttribute("defaultBenchmarks", List.of(SearchSpec.DEFINITION.name()));
    return LIST_VIEW;
  }

  @GetMapping("/comparisons/{id}")
  String detail(@PathVariable long id, Model model) {
    ComparisonView comparison = comparisons.get(id);
    model.addAttribute("comparison", comparison);
    // What got slower: the baseline's JFR samples against the candidate's, when both recorded them.
    model.addAttribute(
        "jfrDiffs", comparison.jfr() ? jfr.diffs(id, "baseline", id, "candidate") : List.of());
    return DETAIL_VIEW;
  }

  /** Stops a queued or running comparison; one that has just ended is left as it ended. */
  @PostMapping("/comparisons/{id}/cancel")
  String cancel(@PathVariable long id) {
    try {
      comparisons.cancel(id);
    } catch (IllegalStateException e) {
      // It ended while the page was open; the page shows how.
    }
    return "redirect:/comparisons/" + id;
  }

  /** The page's form; "run again with more JVMs" posts it too, with the old comparison's sides. */
  @PostMapping("/comparisons")
  String create(
      @RequestParam String baseline,
      @RequestParam String candidate,
      @RequestParam(required = false) String baselineJvmArgs,
      @RequestParam(required = false) String candidateJvmArgs,
      @RequestParam(required = false) String baselineDirectory,
      @RequestParam(required = false) String candidateDirectory,
      @RequestParam(required = false) Integer jvms,
      @RequestParam(required = false) String profile,
      @RequestParam(required = false) boolean resultsMayChange,
      @RequestParam(required = false) List<String> benchmarks,
      @RequestParam(required = false) String categories,
      @RequestParam(required = false) String baselineStoredFields,
      @RequestParam(required = false) String candidateStoredFields,
      @RequestParam(required = false) String baselinePostingsFormat,
      @RequestParam(required = false) String candidatePostingsFormat,
      @RequestParam(required = false) boolean jfr,
      Principal user,
      RedirectAttributes redirect) {
    try {
      ComparisonView created =
          comparisons.create(
              new ComparisonRequest(
                  baseline,
                  candidate,
                  words(baselineJvmArgs),
                  words(candidateJvmArgs),
                  baselineDirectory,
                  candidateDirectory,
                  jvms,
                  profile,
                  null,
                  resultsMayChange,
                  benchmarks,
                  names(categories),
                  baselineStoredFields,
                  candidateStoredFields,
                  baselinePostingsFormat,
                  candidatePostingsFormat,
                  jfr),
              user.getName());
      return "redirect:/comparisons/" + created.id();
    } catch (IllegalArgumentException e) {
      redirect.addFlashAttribute("error", e.getMessage());
      return "redirect:/comparisons";
    }
  }

  private static List<String> words(String text) {
    return text == null || text.isBlank() ? List.of() : Arrays.asList(text.strip().split("\\s+"));
  }

  /** Category names typed as "HighTerm, AndHighHigh" or "HighTerm AndHighHigh". */
  private static List<String> names(String text) {
    return text == null || text.isBlank()
        ? List.of()
        : Arrays.asList(text.strip().split("[\\s,]+"));
  }
}
