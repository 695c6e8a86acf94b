package org.nightbench.series;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/** What a series chart reads besides its points, on the real database. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class SeriesChartApiTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void annotationsOfTheSeriesItsGroupAndAllAreLetteredByDate() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("nrt", "plain", "reopenP99Ms", "ms");
    long other = data.series("search", "HighTerm", "qps", "queries/s");
    annotate("2024-03-01", "all", null, null, "JDK 25");
    annotate("2024-01-01", "group", null, "nrt", "merge wait 0");
    annotate("2024-02-01", "series", series, null, "this one");
    annotate("2024-01-15", "series", other, null, "not on this chart");
    annotate("2024-01-20", "group", null, "search", "nor this");

    mvc.perform(get("/api/series/{id}/annotations", series))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(3))
        .andExpect(jsonPath("$[0].letter").value("A"))
        .andExpect(jsonPath("$[0].shortText").value("merge wait 0"))
        .andExpect(jsonPath("$[1].letter").value("B"))
        .andExpect(jsonPath("$[1].shortText").value("this one"))
        .andExpect(jsonPath("$[2].letter").value("C"))
        .andExpect(jsonPath("$[2].scope").value("all"));
  }

  @Test
  void pointsAsCsvAndRelatedSeriesAndChangePoints() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long mmap = data.series("load", "mmap", "p99Ms", "ms");
    long heap = data.series("load", "bytebuffers", "p99Ms", "ms");
    data.series("load", "mmap", "capacityQps", "queries/s");
    long run = data.run("10.6.0");
    data.point(mmap, run, Instant.parse("2026-01-02T02:00:00Z"), 12.5, 0.5);
    jdbc.sql(
            "insert into change_point (series_id, run_id, x, mean_before, mean_after,"
                + " relative_change, direction) values (?, ?, now(), 10, 12.5, 0.25, 'regression')")
        .params(mmap, run)
        .update();

    mvc.perform(get("/api/series/{id}/points.csv", mmap))
        .andExpect(status().isOk())
        .andExpect(
            header()
                .string("Content-Disposition", "attachment; filename=\"series-" + mmap + ".csv\""))
        .andExpect(
            content()
                .string(
                    "date,x,value,stddev,run_id,lucene_spec,lucene_version,disturbed_reason\n"
                        + "2026-01-02T02:00:00Z,1767319200000,12.5,0.5,"
                        + run
                        + ",maven:10.6.0,10.6.0,\n"));
    mvc.perform(get("/api/series/{id}/related", mmap))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].id").value(heap));
    mvc.perform(get("/api/series/{id}/change-points", mmap))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$[0].direction").value("regression"))
        .andExpect(jsonPath("$[0].state").value("untriaged"))
        .andExpect(jsonPath("$[0].relativeChange").value(0.25));
    mvc.perform(get("/api/series/{id}/annotations", Long.MAX_VALUE))
        .andExpect(status().isNotFound());
  }

  private void annotate(String date, String scope, Long series, String benchmark, String text) {
    jdbc.sql(
            "insert into annotation (at, short_text, kind, scope, series_id, benchmark, created_by)"
                + " values (?, ?, 'code', ?, ?, ?, 'test')")
        .params(Timestamp.from(Instant.parse(date + "T00:00:00Z")), text, scope, series, benchmark)
        .update();
  }
}
