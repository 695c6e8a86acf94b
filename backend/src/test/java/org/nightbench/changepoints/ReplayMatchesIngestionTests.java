package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The replay endpoint runs the nightly path ingestion runs: a recorded history (per-JVM samples; an
 * outlying night, a step, a step on the last nights) stored night by night on the real database
 * with detection after each night, and posted to {@code /api/change-points/replay}, ends with the
 * same change points in the same stages at the same nights.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class ReplayMatchesIngestionTests {

  @Autowired ChangePointDetection detection;
  @Autowired JdbcClient jdbc;
  @Autowired MockMvc mvc;

  private final JsonMapper json = JsonMapper.builder().build();

  /**
   * 160 nights of 5 JVMs each, ±1 % per JVM and a night-to-night wobble: level 100, one night at 88
   * (night 70), a step to 92 at night 100, one JVM 40 faster on night 130 (a wild night: its mean
   * stands out, and so does its spread), a step to 100 on the newest three nights, the first of
   * them with one JVM 40 slower (its mean stays at 92; its JVMs' centre moved with the step).
   */
  static double[][] recorded() {
    SplittableRandom random = new SplittableRandom(38);
    double[][] samples = new double[160][];
    for (int night = 0; night < samples.length; night++) {
      double level = night == 70 ? 88 : night >= 157 ? 100 : night >= 100 ? 92 : 100;
      double wobble = 0.5 * random.nextGaussian();
      samples[night] = new double[5];
      for (int jvm = 0; jvm < 5; jvm++) {
        samples[night][jvm] = level + wobble + random.nextGaussian();
      }
      if (night == 130) {
        samples[night][0] += 40;
      }
      if (night == 157) {
        // The step's first night with one JVM 40 slower: its mean stays where it was.
        samples[night][0] -= 40;
      }
    }
    return samples;
  }

  @Test
  void aRecordedHistoryEndsWithTheSameAlertsThroughIngestionAndTheEndpoint() throws Exception {
    double[][] samples = recorded();
    SeriesFixture series = new SeriesFixture(jdbc);
    Map<Long, Integer> nightOfRun = new HashMap<>();
    for (int night = 0; night < samples.length; night++) {
      long run = series.night(night, samples[night]);
      nightOfRun.put(run, night);
      detection.detectAfter(series.id, run);
    }
    List<String> ingested =
        jdbc.sql("select run_id, stage from change_point where series_id = ? order by x, id")
            .param(series.id)
            .query((rs, row) -> nightOfRun.get(rs.getLong(1)) + ":" + rs.getString(2))
            .list();

    JsonNode replayed =
        json.readTree(
            replay(json.writeValueAsString(Map.of("samples", samples)))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString());
    List<String> answered = new ArrayList<>();
    for (JsonNode c : replayed.get("changePoints")) {
      answered.add(c.get("index").asInt() + ":" + c.get("stage").asString());
    }

    assertThat(ingested)
        .as("the history holds every stage, so each path's handling of each is compared")
        .anyMatch(s -> s.endsWith(":withdrawn"))
        .anyMatch(s -> s.endsWith(":confirmed"))
        .anyMatch(s -> s.endsWith(":suspected"));
    assertThat(answered).isEqualTo(ingested);
    // Night by night: the outlier suspected on its night and withdrawn when the next came back.
    assertThat(replayed.get("events").toString())
        .contains("{\"night\":70,\"stage\":\"suspected\",\"index\":70")
        .contains("\"stage\":\"withdrawn\",\"index\":70,\"movedFrom\":null,\"reason\":")
        // The wild night is not suspected, as each path judges the JVMs' centre.
        .doesNotContain("\"stage\":\"suspected\",\"index\":130")
        // The step whose first night has a wild JVM is suspected on that night, on its centre.
        .contains("{\"night\":157,\"stage\":\"suspected\",\"index\":157");
  }

  @Test
  void badSeriesAreOneLine400s() throws Exception {
    bad("{}", "send either values ([1.0, 2.0, ...]) or samples ([[1.0, 1.1], [2.0, 2.1], ...])");
    bad("{\"values\": [1, 2], \"samples\": [[1], [2]]}", "send either values");
    bad("{\"samples\": [[1, 2], []]}", "samples[1] is empty: one value per JVM");
    bad("{\"values\": [1, 2, 3], \"excluded\": [7]}", "excluded index 7 is outside the series");
    bad("{\"values\": [1, 2, 3], \"knownBoundaries\": [-1]}", "known boundary -1 is outside");
    bad("{\"values\": [1, 2], \"minRelativeChange\": -0.1}", "minRelativeChange must be >= 0");
    bad(
        "{\"values\": [" + "1,".repeat(ChangePointApiController.MAX_REPLAY_NIGHTS) + "1]}",
        "too many nights: 3001, at most 3000");
    bad("{\"values\": [1, 2, 1e999]}", "values[2] is Infinity");
    bad("{\"values\": [1, 2, 3], \"machineNights\": [3]}", "machine night 3 is outside");
    bad("{\"values\": [1, 2, 3], \"machineNights\": [null]}", "machineNights holds a null");
  }

  private void bad(String body, String detail) throws Exception {
    replay(body)
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail").value(allOf(startsWith(detail), not(containsString("\n")))));
  }

  private ResultActions replay(String body) throws Exception {
    return mvc.perform(
        post("/api/change-points/replay").contentType(MediaType.APPLICATION_JSON).content(body));
  }
}
