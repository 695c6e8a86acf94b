package org.nightbench.series;

import org.nightbench.lucene.LuceneGitProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.json.JsonMapper;

/**
 * The KNN page: every vector format's recall, latency, CPU, index time and size on shared charts
 * over the nights, and each format's recall–latency frontier on two chosen nights.
 */
@Controller
class KnnPageController {

  static final String VIEW = "series/knn";

  private final SeriesService series;
  private final JsonMapper json;
  private final String luceneWebUrl;

  KnnPageController(
      SeriesService series,
      JsonMapper json,
      @Value("${nightbench.lucene.git.web-url:" + LuceneGitProperties.APACHE_LUCENE_WEB + "}")
          String luceneWebUrl) {
    this.series = series;
    this.json = json;
    this.luceneWebUrl = luceneWebUrl;
  }

  /** The layout is in the page; the points come from the points API, as on a series page. */
  @GetMapping("/knn")
  String knn(
      @RequestParam(required = false) String machine,
      @RequestParam(required = false) String jdk,
      @RequestParam(required = false) String corpus,
      @RequestParam(required = false) String profile,
      Model model) {
    KnnPage page = series.knn(machine, jdk, corpus, profile);
    model.addAttribute("knn", page);
    model.addAttribute("knnJson", json.writeValueAsString(page));
    // Every line's points in one request, preloaded while Dygraphs loads.
    model.addAttribute(
        "pointsIds",
        page.charts().stream()
            .flatMap(c -> c.lines().stream())
            .map(l -> String.valueOf(l.seriesId()))
            .distinct()
            .collect(java.util.stream.Collectors.joining(",")));
    model.addAttribute("luceneWebUrl", luceneWebUrl);
    return VIEW;
  }
}
