package org.nightbench.series.digest;

import org.nightbench.lucene.LuceneGitProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The digest between two chosen runs ({@code /digest?from=&to=}): what changed since a release. */
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
      @RequestParam(defaultValue = "false") boolean judgeDisturbed,
      Model model) {
    model.addAttribute("digest", digests.between(from, to, judgeDisturbed));
    model.addAttribute("luceneWebUrl", luceneWebUrl); // links the commits between the two runs
    return VIEW;
  }
}
