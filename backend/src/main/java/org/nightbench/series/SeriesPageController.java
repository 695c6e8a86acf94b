package org.nightbench.series;

import jakarta.servlet.http.HttpServletRequest;
import org.nightbench.lucene.LuceneGitProperties;
import org.nightbench.series.digest.MorningDigestHtml;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/** The pages: the list of series (the home page) and one series with its chart. */
@Controller
class SeriesPageController {

  static final String LIST_VIEW = "series/list";
  static final String DETAIL_VIEW = "series/detail";

  private final SeriesService series;
  private final OverviewListHtml listHtml;
  private final MorningDigestHtml digestHtml;
  private final String luceneWebUrl;

  SeriesPageController(
      SeriesService series,
      OverviewListHtml listHtml,
      MorningDigestHtml digestHtml,
      @Value("${nightbench.lucene.git.web-url:" + LuceneGitProperties.APACHE_LUCENE_WEB + "}")
          String luceneWebUrl) {
    this.series = series;
    this.listHtml = listHtml;
    this.digestHtml = digestHtml;
    this.luceneWebUrl = luceneWebUrl;
  }

  /**
   * The overview, filtered on the server ({@code ?group=&machine=&q=&sort=}): a link shows the same
   * rows with or without script, and the page holds a few rows per group however many series there
   * are.
   */
  @GetMapping("/")
  String list(
      @RequestParam(required = false) String group,
      @RequestParam(required = false) String machine,
      @RequestParam(required = false) String q,
      @RequestParam(required = false) String sort,
      HttpServletRequest request,
      Model model) {
    Overview overview = series.overview(OverviewFilter.parse(group, machine, q, sort));
    model.addAttribute("overview", overview);
    model.addAttribute("seriesList", listHtml.html(overview, request.getContextPath()));
    // The morning digest opens the page, prepared after ingestion and rendered once per version.
    model.addAttribute("digest", digestHtml.html(request.getContextPath()));
    return LIST_VIEW;
  }

  /**
   * The chart's points are fetched from the API by the page, so the page itself renders at once.
   */
  @GetMapping("/series/{id}")
  String detail(@PathVariable long id, Model model) {
    Series shown = series.get(id);
    model.addAttribute("series", shown);
    model.addAttribute("curves", series.latestCurves(shown));
    // The same queries' other QPS figures, luceneutil's among them.
    model.addAttribute("qpsFigures", series.qpsFigures(shown));
    // The chart links a point to the commits since the point before it.
    model.addAttribute("luceneWebUrl", luceneWebUrl);
    return DETAIL_VIEW;
  }
}
