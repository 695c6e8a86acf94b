package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/**
 * Runs on a disturbed machine, on the real database: each point of the points API says so and why,
 * a run judged disturbed after its points were prepared is never served from the stale copy, and
 * the overview shows a series whose latest point is disturbed without judging it.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class DisturbedPointsTests {

  private static final String REASON =
      "calibration moved +7.2% during the run (100 before, 107.2 after; limit 5.0%)";

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void eachPointSaysWhetherItsRunWasDisturbedAndWhy() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "DisturbedTerm", "qps", "queries/s");
    long calm = data.run("10.0.0");
    long disturbed = data.run("10.1.0");
    disturb(disturbed, REASON);
    data.point(series, calm, Instant.parse("2025-01-01T02:00:00Z"), 100.0, 1.0);
    data.point(series, disturbed, Instant.parse("2025-01-02T02:00:00Z"), 80.0, 1.0);

    mvc.perform(get("/api/series/{id}/points", series))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.columns[6]").value("disturbedReason"))
        .andExpect(jsonPath("$.points[0][6]").isEmpty())
        .andExpect(jsonPath("$.points[1][3]").value(disturbed))
        .andExpect(jsonPath("$.points[1][6]").value(REASON));
  }

  @Test
  void aRunJudgedDisturbedLaterIsNeverServedFromTheStaleCopy() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("indexing", "DisturbedLater", "docsPerSec", "docs/s");
    long run = data.run("10.2.2");
    data.point(series, run, Instant.parse("2025-02-01T02:00:00Z"), 5000.0, 20.0);
    String etag =
        mvc.perform(get("/api/series/{id}/points", series))
            .andExpect(jsonPath("$.points[0][6]").isEmpty())
            .andReturn()
            .getResponse()
            .getHeader(HttpHeaders.ETAG);

    disturb(run, REASON);
    String judged =
        mvc.perform(get("/api/series/{id}/points", series).header(HttpHeaders.IF_NONE_MATCH, etag))
            .andExpect(status().isOk())
            .andExpect(jsonPath("$.points[0][6]").value(REASON))
            .andReturn()
            .getResponse()
            .getHeader(HttpHeaders.ETAG);
    assertThat(judged).isNotEqualTo(etag);

    // Cleared by hand: the verdict goes from the points too.
    disturb(run, null);
    mvc.perform(get("/api/series/{id}/points", series).header(HttpHeaders.IF_NONE_MATCH, judged))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.points[0][6]").isEmpty());
    // An update that leaves the verdict as it was changes nothing.
    String cleared =
        mvc.perform(get("/api/series/{id}/points", series))
            .andReturn()
            .getResponse()
            .getHeader(HttpHeaders.ETAG);
    jdbc.sql("update run set disturbed_reason = null, progress = 'x' where id = ?")
        .param(run)
        .update();
    mvc.perform(get("/api/series/{id}/points", series).header(HttpHeaders.IF_NONE_MATCH, cleared))
        .andExpect(status().isNotModified());
  }

  @Test
  void theOverviewShowsADisturbedLatestPointWithoutColourAndSaysWhy() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long judged = data.series("search", "CalmLatest", "qps", "queries/s");
    long notJudged = data.series("search", "DisturbedLatest", "qps", "queries/s");
    long first = data.run("10.3.2");
    long second = data.run("10.4.0");
    long third = data.run("10.5.2");
    Instant x = Instant.parse("2025-03-01T02:00:00Z");
    data.point(judged, first, x, 100.0, 1.0);
    data.point(judged, second, x.plusSeconds(86_400), 80.0, 1.0);
    data.point(notJudged, first, x, 100.0, 1.0);
    data.point(notJudged, third, x.plusSeconds(86_400), 80.0, 1.0);
    disturb(third, REASON);

    String page = mvc.perform(get("/")).andReturn().getResponse().getContentAsString();
    String calm = row(page, judged);
    assertThat(calm).contains("change worse").doesNotContain("disturbed");
    String quiet = row(page, notJudged);
    assertThat(quiet)
        .doesNotContain("change worse", "change better")
        .contains("num change disturbed")
        .contains("title=\"latest run " + third + " was on a disturbed machine, not judged: ")
        .contains("class=\"visually-hidden\"> (not judged: the latest run&#39;s machine")
        .contains("−20%");
    mvc.perform(get("/api/series"))
        .andExpect(
            jsonPath("$..series[?(@.series.id == " + notJudged + ")].latestDisturbedReason")
                .value(REASON))
        .andExpect(
            jsonPath("$..series[?(@.series.id == " + judged + ")].latestDisturbedReason")
                .value(org.hamcrest.Matchers.contains((Object) null)));
  }

  /** The overview's row of a series, as HTML. */
  private static String row(String page, long seriesId) {
    int link = page.indexOf("href=\"/series/" + seriesId + "\"");
    assertThat(link).as("row of series " + seriesId).isPositive();
    return page.substring(page.lastIndexOf("<tr", link), page.indexOf("</tr>", link));
  }

  private void disturb(long run, String reason) {
    jdbc.sql("update run set disturbed_reason = ? where id = ?").params(reason, run).update();
  }
}
