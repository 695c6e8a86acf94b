package org.nightbench.series;

import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.series.digest.MorningDigestHtml;
import org.nightbench.users.SecurityConfiguration;
import org.nightbench.web.BuildInfo;
import org.nightbench.web.NotFoundException;
import org.nightbench.web.Sparkline;
import org.nightbench.web.ValueFormat;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The home page (series list) and the series page, rendered by Thymeleaf. */
@WebMvcTest(SeriesPageController.class)
@Import({
  ValueFormat.class,
  Sparkline.class,
  SecurityConfiguration.class,
  OverviewListHtml.class,
  SeriesPageControllerTests.NoBisects.class,
  BuildInfo.class
})
class SeriesPageControllerTests {

  /**
   * The series page asks {@code @bisectPanels} for the series' bisects, a bean of the bisect
   * feature this slice does not load: here, a series that has none (BisectPanelsTests covers the
   * real one).
   */
  @org.springframework.stereotype.Component("bisectPanels")
  public static class NoBisects {
    public List<Object> ofSeries(long seriesId) {
      return List.of();
    }
  }

  @Autowired MockMvc mvc;
  @MockitoBean SeriesService service;
  // The digest above the list has its own tests (series.digest); here it renders nothing.
  @MockitoBean MorningDigestHtml digestHtml;

  @Test
  void homePageListsSeriesWithLatestValueAndSigma() throws Exception {
    givenTwentyTermSeriesOfForty();

    mvc.perform(get("/"))
        .andExpect(status().isOk())
        .andExpect(view().name(SeriesPageController.LIST_VIEW))
        .andExpect(content().string(containsString("href=\"/series/7\"")))
        .andExpect(content().string(containsString("1,235")))
        // σ to two significant digits: 12.35 is known no better than 12.
        .andExpect(content().string(containsString(">± 12<")))
        .andExpect(content().string(containsString("2024-06-03")))
        // QPS fell 5.2 % against the night before (worse) and rose 12.5 % in a month (better).
        .andExpect(content().string(containsString("\u22125.2%")))
        .andExpect(content().string(containsString(">+13%<")))
        .andExpect(content().string(containsString("⚑ 2")))
        .andExpect(content().string(containsString("<path d=\"M0.0,23.0L60.0,1.0L120.0,8.3\"")))
        .andExpect(content().string(containsString("id=\"progress\"")))
        // The group's heading, its count and the link to the 19 rows left off.
        .andExpect(content().string(containsString(">Term queries</a>")))
        .andExpect(content().string(containsString("all 20 series of Term queries (19 more)")))
        .andExpect(content().string(containsString("href=\"/?group=term\"")))
        .andExpect(content().string(containsString("1 of 20 matching series shown (40 in all)")))
        // What query the task is, under its name.
        .andExpect(content().string(containsString("task-description muted\">one term</span>")));
  }

  @Test
  void theFilterIsReadFromTheAddressAndKeptInTheGroupLinks() throws Exception {
    givenTwentyTermSeriesOfForty();
    mvc.perform(get("/").param("group", "Term").param("q", "a b&c").param("sort", "month"))
        .andExpect(status().isOk())
        .andExpect(
            content().string(containsString("<option value=\"term\" selected=\"selected\">")))
        .andExpect(
            content().string(containsString("href=\"/?group=term&amp;q=a+b%26c&amp;sort=month\"")));
    verify(service)
        .overview(new OverviewFilter(TaskGroup.TERM, "", "a b&c", OverviewFilter.Sort.MONTH));
  }

  @Test
  void badFiltersAreAOneLine400() throws Exception {
    mvc.perform(get("/").param("group", "<script>"))
        .andExpect(status().isBadRequest())
        .andExpect(content().string(containsString("unknown group &#39;&lt;script&gt;&#39;")));
    mvc.perform(get("/").param("sort", "fastest"))
        .andExpect(status().isBadRequest())
        .andExpect(content().string(containsString("unknown sort")));
    mvc.perform(get("/").param("q", "x".repeat(500)))
        .andExpect(status().isBadRequest())
        .andExpect(content().string(containsString("q must be at most 200 characters")));
  }

  @Test
  void homePageSaysHowEachQpsIsComputedAndWhichFiguresItLeftOff() throws Exception {
    SeriesSummary term =
        new SeriesSummary(
            SeriesApiControllerTests.TERM,
            1,
            Instant.parse("2024-06-03T10:00:00Z"),
            Instant.parse("2024-06-03T10:00:00Z"),
            1234.56,
            null,
            41L,
            null,
            null,
            0,
            0,
            List.of(1234.56));
    given(service.overview(any()))
        .willReturn(
            new Overview(
                OverviewFilter.ALL,
                List.of(new Overview.Group(TaskGroup.TERM, List.of(term), 1)),
                List.of(TaskGroup.TERM),
                List.of("bench-1"),
                2,
                1,
                1,
                // Its own version: the list's rendering is cached by version and filter.
                "v-unlisted",
                1));

    mvc.perform(get("/"))
        .andExpect(status().isOk())
        .andExpect(
            content().string(containsString("<td class=\"metric\" title=\"queries ÷ the sum")))
        .andExpect(content().string(containsString("1 qpsLuceneutil series are not listed here")))
        .andExpect(content().string(containsString("href=\"/?q=luceneutil\"")));
  }

  @Test
  void homePageSaysWhenNothingIsMeasured() throws Exception {
    given(service.overview(any()))
        .willReturn(
            new Overview(OverviewFilter.ALL, List.of(), List.of(), List.of(), 0, 0, 0, "v0", 0));

    mvc.perform(get("/"))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("Nothing is measured yet")));
  }

  /** One row of the Term group shown, 19 left off; 40 series in all. */
  private void givenTwentyTermSeriesOfForty() {
    SeriesSummary term =
        new SeriesSummary(
            SeriesApiControllerTests.TERM,
            3,
            Instant.parse("2024-05-01T10:00:00Z"),
            Instant.parse("2024-06-03T10:00:00Z"),
            1234.56,
            12.345,
            41L,
            -0.052,
            0.125,
            2,
            1,
            List.of(1100.0, 1302.0, 1234.56));
    given(service.overview(any()))
        .willAnswer(
            call ->
                new Overview(
                    call.getArgument(0),
                    List.of(new Overview.Group(TaskGroup.TERM, List.of(term), 20)),
                    List.of(TaskGroup.TERM, TaskGroup.BOOLEAN),
                    List.of("bench-1"),
                    40,
                    20,
                    1,
                    "v1",
                    0));
  }

  @Test
  void seriesPageNamesTheSeriesAndPointsTheChartAtItsData() throws Exception {
    given(service.get(7)).willReturn(SeriesApiControllerTests.TERM);

    mvc.perform(get("/series/7"))
        .andExpect(status().isOk())
        .andExpect(view().name(SeriesPageController.DETAIL_VIEW))
        .andExpect(content().string(containsString("search · Term · qps")))
        .andExpect(content().string(containsString("queries/s")))
        .andExpect(content().string(containsString("data-points-url=\"/api/series/7/points\"")))
        .andExpect(content().string(containsString("/vendor/dygraphs/2.2.2/dygraph.min.js")))
        // The crumb names the series' group and links to it.
        .andExpect(content().string(containsString("href=\"/?group=term\">Term queries</a>")))
        // What query the task is, and how its QPS is computed beside luceneutil's.
        .andExpect(content().string(containsString("<span>Term: one term</span>")))
        .andExpect(content().string(containsString("How this QPS is computed")))
        .andExpect(content().string(containsString("median latency over the measured rounds")))
        .andExpect(content().string(containsString("drops each query's first 3 runs")));
  }

  @Test
  void aQpsSeriesPageLeadsToTheLuceneutilFigureOfTheSameQueries() throws Exception {
    Series luceneutil =
        new Series(
            8,
            "search",
            "Term",
            "qpsLuceneutil",
            "queries/s",
            true,
            "bench-1",
            "17.0.15",
            "wiki",
            "nightly");
    given(service.get(7)).willReturn(SeriesApiControllerTests.TERM);
    given(service.get(8)).willReturn(luceneutil);
    given(service.qpsFigures(any())).willReturn(List.of(SeriesApiControllerTests.TERM, luceneutil));

    mvc.perform(get("/series/7"))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("Figures of these queries:")))
        .andExpect(content().string(containsString("<strong title=\"queries ÷ the sum")))
        .andExpect(content().string(containsString("href=\"/series/8\"")))
        .andExpect(content().string(containsString(">qpsLuceneutil</a>")))
        .andExpect(content().string(containsString("compare them with this category")));
    mvc.perform(get("/series/8"))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("qpsLuceneutil: as luceneutil")))
        .andExpect(content().string(containsString("href=\"/series/7\"")))
        .andExpect(content().string(containsString(">qps</a>")))
        .andExpect(content().string(containsString("The figure to set beside luceneutil's")));
  }

  @Test
  void unknownSeriesIsA404() throws Exception {
    given(service.get(99)).willThrow(new NotFoundException("No series 99"));

    mvc.perform(get("/series/99")).andExpect(status().isNotFound());
  }
}
