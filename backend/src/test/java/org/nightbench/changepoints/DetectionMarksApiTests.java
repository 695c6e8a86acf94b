package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * Excluded nights, expected changes and sensitivity overrides through the whole filter chain, on
 * the real database and the real detector: each change recomputes the series' change points before
 * the answer; only editors may make one; bad input is a one-line 4xx.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class DetectionMarksApiTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;
  @Autowired ChangePointDetection detection;

  private SeriesFixture series;

  @BeforeEach
  void aSeries() {
    series = new SeriesFixture(jdbc);
  }

  @Test
  void excludingABadStretchRemovesItsStepsAndIncludingItBringsThemBack() throws Exception {
    series.nights(0, 60, 100);
    List<Long> bad = series.nights(60, 10, 80);
    series.nights(70, 60, 100);
    detection.detectAll(series.id);
    assertThat(series.changeRuns()).hasSize(2);

    for (long run : bad) {
      write(post(url("/exclusions")), "{\"runId\": " + run + ", \"note\": \"noisy neighbour\"}")
          .andExpect(status().isOk())
          .andExpect(jsonPath("$.kind").value("excluded"))
          .andExpect(jsonPath("$.createdBy").value("editor"));
    }
    assertThat(series.changeRuns()).isEmpty();
    mvc.perform(get(url("/detection")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.excluded.length()").value(10))
        .andExpect(jsonPath("$.excluded[0].runId").value(bad.get(0)))
        .andExpect(jsonPath("$.excluded[0].note").value("noisy neighbour"))
        .andExpect(jsonPath("$.expected.length()").value(0));

    // The nights still have their points on the chart.
    mvc.perform(get(url("/points"))).andExpect(jsonPath("$.points.length()").value(130));

    // A night appended later keeps the exclusions in force.
    long last = series.nights(130, 1, 100).get(0);
    assertThat(detection.detectAfter(series.id, last)).isEmpty();

    for (long run : bad) {
      mvc.perform(delete(url("/exclusions/" + run)).with(TestUsers.editor()))
          .andExpect(status().isNoContent());
    }
    assertThat(series.changeRuns()).hasSize(2);
  }

  @Test
  void anExpectedChangeIsAKnownBoundaryNotAnAlert() throws Exception {
    List<Long> before = series.nights(0, 60, 100);
    List<Long> after = series.nights(60, 60, 90);
    detection.detectAll(series.id);
    assertThat(series.changeRuns()).hasSize(1);
    long found = series.changeRuns().get(0);
    assertThat(found).isBetween(before.get(58), after.get(2));

    write(post(url("/expected-changes")), "{\"runId\": " + after.get(0) + ", \"note\": \"JDK 25\"}")
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.kind").value("expected"));
    assertThat(series.changeRuns()).isEmpty();

    // A real step elsewhere is still found.
    series.nights(120, 60, 80);
    detection.detectAll(series.id);
    assertThat(series.changeRuns()).hasSize(1).doesNotContain(found);

    mvc.perform(delete(url("/expected-changes/" + after.get(0))).with(TestUsers.editor()))
        .andExpect(status().isNoContent());
    assertThat(series.changeRuns()).hasSize(2);
  }

  @Test
  void aSeriesOwnSmallestStepSilencesSmallerStepsUntilReset() throws Exception {
    series.nights(0, 60, 100);
    series.nights(60, 60, 95);
    detection.detectAll(series.id);
    assertThat(series.changeRuns()).hasSize(1);

    write(put(url("/sensitivity")), "{\"minRelativeChange\": 0.08}")
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.minRelativeChange").value(0.08))
        .andExpect(jsonPath("$.defaultMinRelativeChange").value(0.01));
    assertThat(series.changeRuns()).isEmpty();

    mvc.perform(delete(url("/sensitivity")).with(TestUsers.editor()))
        .andExpect(status().isNoContent());
    assertThat(series.changeRuns()).hasSize(1);
    mvc.perform(get(url("/detection"))).andExpect(jsonPath("$.minRelativeChange").isEmpty());
  }

  @Test
  void onlyEditorsMayMarkAnyoneMayRead() throws Exception {
    long run = series.nights(0, 10, 100).get(3);
    String body = "{\"runId\": " + run + "}";
    for (String path : List.of("/exclusions", "/expected-changes")) {
      // Anonymous: asked to sign in, with a CSRF token or without one (issue 32).
      mvc.perform(
              post(url(path)).contentType(MediaType.APPLICATION_JSON).content(body).with(csrf()))
          .andExpect(status().isUnauthorized());
      mvc.perform(post(url(path)).contentType(MediaType.APPLICATION_JSON).content(body))
          .andExpect(status().isUnauthorized());
      mvc.perform(
              post(url(path))
                  .contentType(MediaType.APPLICATION_JSON)
                  .content(body)
                  .with(TestUsers.viewer()))
          .andExpect(status().isForbidden());
      mvc.perform(delete(url(path + "/" + run)).with(TestUsers.viewer()))
          .andExpect(status().isForbidden());
    }
    mvc.perform(
            put(url("/sensitivity"))
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"minRelativeChange\": 0.5}")
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    mvc.perform(delete(url("/sensitivity")).with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    assertThat(
            jdbc.sql(
                    "select (select count(*) from detection_mark where series_id = ?)"
                        + " + (select count(*) from detection_override where series_id = ?)")
                .params(series.id, series.id)
                .query(Long.class)
                .single())
        .isZero();
    mvc.perform(get(url("/detection")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.seriesId").value(series.id));
  }

  @Test
  void badInputIsAOneLineRefusal() throws Exception {
    List<Long> runs = series.nights(0, 10, 100);
    long otherSeriesRun = new SeriesFixture(jdbc).nights(0, 1, 100).get(0);
    refused(post(url("/exclusions")), "{}", 400, "no runId");
    refused(post(url("/exclusions")), "{\"runId\": null}", 400, "no runId");
    refused(post(url("/exclusions")), "{\"runId\": \"seven\"}", 400, null);
    refused(post(url("/exclusions")), "{\"runId\": 1.5}", 400, null);
    refused(post(url("/exclusions")), "{\"runId\": [1]}", 400, null);
    refused(post(url("/exclusions")), "{\"runId\": 1", 400, null);
    refused(post(url("/exclusions")), "{\"runId\": " + otherSeriesRun + "}", 400, "has no point");
    refused(post(url("/exclusions")), "{\"runId\": 99999999999}", 400, "has no point");
    refused(
        post(url("/expected-changes")),
        "{\"runId\": " + runs.get(2) + ", \"note\": \"a\\u0000b\"}",
        400,
        "control character");
    refused(
        post(url("/expected-changes")),
        "{\"runId\": " + runs.get(2) + ", \"note\": \"" + "x".repeat(501) + "\"}",
        400,
        "note too long");
    refused(put(url("/sensitivity")), "{}", 400, "no minRelativeChange");
    refused(put(url("/sensitivity")), "{\"minRelativeChange\": -0.01}", 400, "between 0 and");
    refused(put(url("/sensitivity")), "{\"minRelativeChange\": 1.5}", 400, "between 0 and");
    refused(put(url("/sensitivity")), "{\"minRelativeChange\": 1e400}", 400, null);
    refused(put(url("/sensitivity")), "{\"minRelativeChange\": \"5%\"}", 400, null);
    refused(post("/api/series/{id}/exclusions", 999_999_999L), "{\"runId\": 1}", 404, "No series");
    refused(post("/api/series/x/exclusions"), "{\"runId\": 1}", 400, null);
    mvc.perform(delete(url("/exclusions/" + runs.get(1))).with(TestUsers.editor()))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value(containsString("is not marked excluded")));
    mvc.perform(delete(url("/exclusions/abc")).with(TestUsers.editor()))
        .andExpect(status().isBadRequest());
    mvc.perform(delete(url("/sensitivity")).with(TestUsers.editor()))
        .andExpect(status().isNotFound());
    mvc.perform(get("/api/series/{id}/detection", 999_999_999L)).andExpect(status().isNotFound());
    assertThat(
            jdbc.sql("select count(*) from detection_mark where series_id = ?")
                .param(series.id)
                .query(Long.class)
                .single())
        .isZero();
  }

  private void refused(MockHttpServletRequestBuilder request, String body, int status, String says)
      throws Exception {
    ResultActions result =
        write(request, body)
            .andExpect(status().is(status))
            .andExpect(jsonPath("$.detail").value(not(containsString("\n"))));
    if (says != null) {
      result.andExpect(jsonPath("$.detail").value(containsString(says)));
    }
  }

  private ResultActions write(MockHttpServletRequestBuilder request, String body) throws Exception {
    return mvc.perform(
        request.contentType(MediaType.APPLICATION_JSON).content(body).with(TestUsers.editor()));
  }

  private String url(String path) {
    return "/api/series/" + series.id + path;
  }
}
