package org.nightbench.series;

import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.users.SecurityConfiguration;
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
@Import({ValueFormat.class, Sparkline.class, SecurityConfiguration.class})
class SeriesPageControllerTests {

  @Autowired MockMvc mvc;
  @MockitoBean SeriesService service;

  @Test
  void homePageListsSeriesWithLatestValueAndSigma() throws Exception {
    given(service.groupedByBenchmark())
        .willReturn(
            List.of(
                new SeriesGroup(
                    "search",
                    List.of(
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
                            List.of(1100.0, 1302.0, 1234.56))))));

    mvc.perform(get("/"))
        .andExpect(status().isOk())
        .andExpect(view().name(SeriesPageController.LIST_VIEW))
        .andExpect(content().string(containsString("href=\"/series/7\"")))
        .andExpect(content().string(containsString("1,235")))
        .andExpect(content().string(containsString("± 12.35")))
        .andExpect(content().string(containsString("2024-06-03")))
        // QPS fell 5.2 % against the night before (worse) and rose 12.5 % in a month (better).
        .andExpect(content().string(containsString("\u22125.2%")))
        .andExpect(content().string(containsString(">+13%<")))
        .andExpect(content().string(containsString("⚑ 2")))
        .andExpect(content().string(containsString("<path d=\"M0.0,23.0L60.0,1.0L120.0,8.3\"")))
        .andExpect(content().string(containsString("id=\"progress\"")));
  }

  @Test
  void homePageSaysWhenNothingIsMeasured() throws Exception {
    given(service.groupedByBenchmark()).willReturn(List.of());

    mvc.perform(get("/"))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("Nothing is measured yet")));
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
        .andExpect(content().string(containsString("/vendor/dygraphs/2.2.2/dygraph.min.js")));
  }

  @Test
  void unknownSeriesIsA404() throws Exception {
    given(service.get(99)).willThrow(new NotFoundException("No series 99"));

    mvc.perform(get("/series/99")).andExpect(status().isNotFound());
  }
}
