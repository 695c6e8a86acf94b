package org.nightbench.series.digest;

import java.util.List;
import org.nightbench.lucene.LuceneGitProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The digest between two chosen runs ({@code /digest?from=&to=}): what changed since a release; two
 * runs ticked on the run list ({@code ?run=&run=}) come here in their order.
 */
@Controller
class DigestPageController {

  static final String VIEW = "digest/between";

  private final DigestService digests;
  private final String luceneWebUrl;

  DigestPageController(
      DigestService digests,
      @Value("${nightbench.lucene.git.web-url:" + LuceneGitProperties.APACHE_LUCENE_WEB + "}")
          String luceneWebUrl) {
    this.digests = digests;
    this.luceneWebUrl = luceneWebUrl;
  }

  @GetMapping("/digest")
  String between(
      @RequestParam(required = false) String from,
      @RequestParam(required = false) String to,
      @RequestParam(name = "run", required = false) List<String> ticked,
      @RequestParam(defaultValue = "false") boolean judgeDisturbed,
      Model model) {
    if (from == null && to == null && ticked != null) {
      // Two runs ticked on the run list: the earlier in their order is the baseline.
      long[] pair = digests.fromAndTo(ticked);
      return "redirect:/digest?from=" + pair[0] + "&to=" + pair[1];
    }
    model.addAttribute("digest", digests.between(from, to, judgeDisturbed));
    model.addAttribute("luceneWebUrl", luceneWebUrl); // links the commits between the two runs
    return VIEW;
  }
}
