package org.nightbench.changepoints;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * How long an editor waits for a mark on a fifteen-year series: excluding a night of 5,500 (ten
 * steps) and taking it back, the whole recompute included, ten times. Prints the times; asserts
 * nothing, and is not named as a test, so only {@code -Dtest=MarkRecomputeSpeed} runs it.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class MarkRecomputeSpeed {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;
  @Autowired ChangePointDetection detection;

  @Test
  void excludeANightOfFifteenYears() throws Exception {
    SeriesFixture series = new SeriesFixture(jdbc);
    List<Long> runs = new ArrayList<>();
    for (int k = 0; k < 11; k++) {
      runs.addAll(series.nights(k * 500, 500, 100 + (k % 2) * 5));
    }
    detection.detectAll(series.id);
    List<Long> millis = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      long run = runs.get(100 + i * 400);
      long start = System.nanoTime();
      mvc.perform(
              post("/api/series/" + series.id + "/exclusions")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content("{\"runId\":" + run + "}")
                  .with(TestUsers.editor()))
          .andExpect(status().isOk());
      millis.add((System.nanoTime() - start) / 1_000_000);
      mvc.perform(
              delete("/api/series/" + series.id + "/exclusions/" + run).with(TestUsers.editor()))
          .andExpect(status().isNoContent());
    }
    Collections.sort(millis);
    System.out.printf(
        "mark with recompute: %d points, %d change points, ms sorted %s%n",
        runs.size(), series.changeRuns().size(), millis);
  }
}
