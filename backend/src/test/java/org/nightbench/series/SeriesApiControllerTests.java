package org.nightbench.series;

import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.annotations.AnnotationService;
import org.nightbench.changepoints.ChangePointService;
import org.nightbench.users.SecurityConfiguration;
import org.nightbench.web.NotFoundException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The JSON shapes of {@code /api/series} and its 404s; the points are in SeriesPointsApiTests. */
@Import(SecurityConfiguration.class)
@WebMvcTest(SeriesApiController.class)
class SeriesApiControllerTests {

  static final Series TERM =
      new Series(
          7, "search", "Term", "qps", "queries/s", true, "bench-1", "17.0.15", "wiki", "nightly");

  @Autowired MockMvc mvc;
  @MockitoBean SeriesService service;
  @MockitoBean AnnotationService annotations;
  @MockitoBean ChangePointService changePoints;
  @MockitoBean PreparedPoints preparedPoints;

  @Test
  void listsSeriesGroupedAsTheNightlyPages() throws Exception {
    given(service.grouped())
        .willReturn(
            List.of(
                new SeriesGroup(
                    TaskGroup.TERM,
                    List.of(
                        new SeriesSummary(
                            TERM,
                            3,
                            Instant.parse("2024-06-01T00:00:00Z"),
                            Instant.parse("2024-06-03T00:00:00Z"),
                            130.0,
                            2.5,
                            42L,
                            0.1,
                            null,
                            0,
                            0,
                            List.of(100.0, 118.0, 130.0))))));

    mvc.perform(get("/api/series"))
        .andExpect(status().isOk())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
        .andExpect(jsonPath("$[0].group").value("term"))
        .andExpect(jsonPath("$[0].title").value("Term queries"))
        .andExpect(jsonPath("$[0].series[0].series.group").value("term"))
        .andExpect(jsonPath("$[0].series[0].series.groupTitle").value("Term queries"))
        .andExpect(jsonPath("$[0].series[0].series.id").value(7))
        .andExpect(jsonPath("$[0].series[0].series.task").value("Term"))
        .andExpect(jsonPath("$[0].series[0].pointCount").value(3))
        .andExpect(jsonPath("$[0].series[0].latestValue").value(130.0))
        .andExpect(jsonPath("$[0].series[0].latestStddev").value(2.5))
        .andExpect(jsonPath("$[0].series[0].changeVsPrevious").value(0.1))
        .andExpect(jsonPath("$[0].series[0].recentValues.length()").value(3));
  }

  @Test
  void aTaskIsFoundByLuceneutilsNameAndSaysWhatQueryItIs() throws Exception {
    given(service.grouped())
        .willReturn(
            List.of(
                new SeriesGroup(
                    TaskGroup.SORTING,
                    List.of(
                        TaskVocabularyTest.summary("TermDateTimeSortSkipper"),
                        TaskVocabularyTest.summary("TermDTSort"))),
                new SeriesGroup(
                    TaskGroup.DV_RANGE, List.of(TaskVocabularyTest.summary("DVRangeNarrow")))));

    mvc.perform(get("/api/series").param("task", "TermDTSortSkipper"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].group").value("sorting"))
        .andExpect(jsonPath("$[0].series.length()").value(1))
        .andExpect(jsonPath("$[0].series[0].series.task").value("TermDateTimeSortSkipper"))
        .andExpect(jsonPath("$[0].series[0].series.luceneutilNames[0]").value("TermDTSortSkipper"))
        .andExpect(
            jsonPath("$[0].series[0].series.description")
                .value("term sorted by date-time, doc-values skipper"));
    mvc.perform(get("/api/series").param("task", "DVRangeLastModNarrow"))
        .andExpect(jsonPath("$[0].series[0].series.task").value("DVRangeNarrow"));
    // Nightbench's own name, whatever its case.
    mvc.perform(get("/api/series").param("task", "termdtsort"))
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].series[0].series.task").value("TermDTSort"));
    mvc.perform(get("/api/series").param("task", "NoSuchTask"))
        .andExpect(jsonPath("$.length()").value(0));
  }

  @Test
  void oneSeries() throws Exception {
    given(service.get(7)).willReturn(TERM);

    mvc.perform(get("/api/series/7"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.id").value(7))
        .andExpect(jsonPath("$.metric").value("qps"))
        .andExpect(jsonPath("$.unit").value("queries/s"))
        .andExpect(jsonPath("$.higherIsBetter").value(true))
        .andExpect(jsonPath("$.jdk").value("17.0.15"));
  }

  @Test
  void unknownSeriesIsAProblem404() throws Exception {
    given(service.get(99)).willThrow(new NotFoundException("No series 99"));
    given(service.related(99)).willThrow(new NotFoundException("No series 99"));

    for (String path : List.of("/api/series/99", "/api/series/99/related")) {
      mvc.perform(get(path))
          .andExpect(status().isNotFound())
          .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
          .andExpect(jsonPath("$.status").value(404))
          .andExpect(jsonPath("$.detail").value("No series 99"));
    }
  }

  @Test
  void nonNumericIdIsAProblem400() throws Exception {
    mvc.perform(get("/api/series/abc"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
  }
}
