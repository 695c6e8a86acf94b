package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.transaction.annotation.Transactional;

/**
 * The points API on the real database: compact arrays, gzipped once and served again until the
 * series changes, and never a stale answer after it does.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class SeriesPointsApiTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void pointsAreCompactArraysInXOrder() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "Term", "qps", "queries/s");
    long release = data.run("9.12.3");
    long git = data.gitRun("10.0.0-SNAPSHOT", "0123456789abcdef0123456789abcdef01234567");
    data.point(series, git, Instant.parse("2024-06-02T00:00:00Z"), 120.123456789, 3.14159);
    data.point(series, release, Instant.parse("2024-06-01T00:00:00Z"), 100.0, null);

    mvc.perform(get("/api/series/{id}/points", series))
        .andExpect(status().isOk())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_JSON))
        .andExpect(jsonPath("$.seriesId").value(series))
        .andExpect(jsonPath("$.columns.length()").value(7))
        .andExpect(jsonPath("$.columns[5]").value("luceneVersion"))
        .andExpect(jsonPath("$.points.length()").value(2))
        .andExpect(jsonPath("$.points[0][0]").value(1717200000000L))
        .andExpect(jsonPath("$.points[0][1]").value(100.0))
        .andExpect(jsonPath("$.points[0][2]").isEmpty())
        .andExpect(jsonPath("$.points[0][3]").value(release))
        .andExpect(jsonPath("$.points[0][4]").value("maven:9.12.3"))
        .andExpect(jsonPath("$.points[1][1]").value(120.123))
        .andExpect(jsonPath("$.points[1][2]").value(3.14))
        .andExpect(jsonPath("$.points[1][4]").value("git:0123456"))
        .andExpect(jsonPath("$.points[1][5]").value("10.0.0-SNAPSHOT"));
  }

  @Test
  void gzippedWhenAcceptedAndTheSameJsonWhenNot() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("indexing", "1kb-docs", "docsPerSec", "docs/s");
    for (int night = 0; night < 200; night++) {
      data.point(
          series,
          data.run("9." + night),
          Instant.parse("2024-01-01T02:00:00Z").plusSeconds(86_400L * night),
          1000 + night,
          5.0);
    }

    MvcResult plain =
        mvc.perform(get("/api/series/{id}/points", series))
            .andExpect(status().isOk())
            .andExpect(header().doesNotExist(HttpHeaders.CONTENT_ENCODING))
            .andReturn();
    MvcResult gzipped =
        mvc.perform(
                get("/api/series/{id}/points", series)
                    .header(HttpHeaders.ACCEPT_ENCODING, "br;q=1.0, gzip;q=0.8"))
            .andExpect(status().isOk())
            .andExpect(header().string(HttpHeaders.CONTENT_ENCODING, "gzip"))
            .andExpect(header().string(HttpHeaders.VARY, "Accept-Encoding"))
            .andReturn();

    byte[] json = plain.getResponse().getContentAsByteArray();
    byte[] compressed = gzipped.getResponse().getContentAsByteArray();
    assertThat(compressed.length).isLessThan(json.length / 3);
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
      assertThat(in.readAllBytes()).isEqualTo(json);
    }
    mvc.perform(
            get("/api/series/{id}/points", series).header(HttpHeaders.ACCEPT_ENCODING, "gzip;q=0"))
        .andExpect(header().doesNotExist(HttpHeaders.CONTENT_ENCODING));
  }

  @Test
  void anUnchangedSeriesAnswersNotModifiedAndAChangedOneItsNewPoints() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("nrt", "plain", "reopenP99Ms", "ms");
    long first = data.run("10.0.0");
    data.point(series, first, Instant.parse("2025-01-01T02:00:00Z"), 12.0, 0.5);

    String etag =
        mvc.perform(get("/api/series/{id}/points", series))
            .andExpect(jsonPath("$.points.length()").value(1))
            .andReturn()
            .getResponse()
            .getHeader(HttpHeaders.ETAG);
    assertThat(etag).startsWith("W/\"");
    mvc.perform(get("/api/series/{id}/points", series).header(HttpHeaders.IF_NONE_MATCH, etag))
        .andExpect(status().isNotModified());

    long second = data.run("10.1.0");
    data.point(series, second, Instant.parse("2025-01-02T02:00:00Z"), 15.0, 0.5);
    String afterInsert =
        mvc.perform(get("/api/series/{id}/points", series).header(HttpHeaders.IF_NONE_MATCH, etag))
            .andExpect(status().isOk())
            .andExpect(jsonPath("$.points.length()").value(2))
            .andExpect(jsonPath("$.points[1][1]").value(15.0))
            .andReturn()
            .getResponse()
            .getHeader(HttpHeaders.ETAG);
    assertThat(afterInsert).isNotEqualTo(etag);

    jdbc.sql("update measurement set value = 14 where run_id = ?").param(second).update();
    mvc.perform(get("/api/series/{id}/points", series))
        .andExpect(jsonPath("$.points[1][1]").value(14.0));

    jdbc.sql("delete from run where id = ?").param(second).update();
    mvc.perform(get("/api/series/{id}/points", series).header(HttpHeaders.IF_NONE_MATCH, etag))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.points.length()").value(1))
        .andExpect(jsonPath("$.points[0][3]").value(first));
  }

  @Test
  void severalSeriesInOneAnswerEachAsItsOwnAndNeverStale() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long recall = data.series("knn", "hnsw-fanout0", "recall", "recall@10");
    long latency = data.series("knn", "hnsw-fanout0", "latencyMeanMs", "ms");
    long run = data.run("10.6.0");
    data.point(recall, run, Instant.parse("2025-01-01T02:00:00Z"), 0.61, 0.002);
    data.point(latency, run, Instant.parse("2025-01-01T02:00:00Z"), 0.13, 0.01);
    String own =
        mvc.perform(get("/api/series/{id}/points", latency))
            .andReturn()
            .getResponse()
            .getContentAsString();

    MvcResult both =
        mvc.perform(get("/api/series/points").param("ids", latency + "," + recall))
            .andExpect(status().isOk())
            .andExpect(jsonPath("$.series.length()").value(2))
            .andExpect(jsonPath("$.series[0].seriesId").value(latency))
            .andExpect(jsonPath("$.series[1].seriesId").value(recall))
            .andExpect(jsonPath("$.series[1].points[0][1]").value(0.61))
            .andReturn();
    assertThat(both.getResponse().getContentAsString()).contains(own);
    String etag = both.getResponse().getHeader(HttpHeaders.ETAG);
    mvc.perform(
            get("/api/series/points")
                .param("ids", latency + "," + recall)
                .header(HttpHeaders.IF_NONE_MATCH, etag))
        .andExpect(status().isNotModified());

    // A new point in one of them: a new answer, with it.
    data.point(recall, data.run("10.6.1"), Instant.parse("2025-01-02T02:00:00Z"), 0.6, 0.002);
    mvc.perform(
            get("/api/series/points")
                .param("ids", latency + "," + recall)
                .header(HttpHeaders.IF_NONE_MATCH, etag))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.series[1].points.length()").value(2));

    mvc.perform(get("/api/series/points").param("ids", recall + "," + Long.MAX_VALUE))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value("No series " + Long.MAX_VALUE));
    mvc.perform(get("/api/series/points").param("ids", "")).andExpect(status().isBadRequest());
    for (String ids : new String[] {latency + ",," + recall, "," + latency, latency + ","}) {
      mvc.perform(get("/api/series/points").param("ids", ids))
          .andExpect(status().isBadRequest())
          .andExpect(jsonPath("$.detail").value("ids: a series id between two commas is missing"));
    }
  }

  @Test
  void anUnknownSeriesIsAProblem404() throws Exception {
    mvc.perform(get("/api/series/{id}/points", Long.MAX_VALUE))
        .andExpect(status().isNotFound())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.detail").value("No series " + Long.MAX_VALUE));
  }
}
