package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Every alert shows why it was raised, without recomputing: the evidence is stored with the change
 * point and served by the API, the CSV, the alerts page and the series' change points.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class ChangePointEvidenceTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;
  @Autowired ChangePointDetection detection;

  @Test
  void theEvidenceIsStoredWithTheChangePointAndShownWhereverItIs() throws Exception {
    SeriesFixture series = new SeriesFixture(jdbc);
    series.nights(0, 60, 100);
    series.nights(60, 60, 90);
    List<Long> stored = detection.detectAll(series.id);
    assertThat(stored).hasSize(1);
    long id = stored.get(0);

    Map<String, Object> row =
        jdbc.sql(
                "select mean_before, mean_after, p_value, effect_sigma, noise_sigma,"
                    + " serial_correlation from change_point where id = ?")
            .param(id)
            .query()
            .singleRow();
    // 1 % noise around 100 and 90; a drop of about ten of those; independent nights.
    assertThat((Double) row.get("mean_before")).isBetween(98.0, 102.0);
    assertThat((Double) row.get("mean_after")).isBetween(88.0, 92.0);
    assertThat((Double) row.get("p_value")).isLessThan(1e-4);
    assertThat((Double) row.get("noise_sigma")).isBetween(0.5, 2.0);
    assertThat((Double) row.get("effect_sigma")).isBetween(-20.0, -5.0);
    assertThat((Double) row.get("serial_correlation")).isBetween(-0.5, 0.5);

    // Served as stored: change the row and the answers follow, so nothing is recomputed.
    jdbc.sql(
            "update change_point set effect_sigma = -7.25, noise_sigma = 1.125,"
                + " serial_correlation = 0.3125, p_value = 3.2e-9 where id = ?")
        .param(id)
        .update();
    mvc.perform(get("/api/change-points/{id}", id))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.effectSigma").value(-7.25))
        .andExpect(jsonPath("$.noiseSigma").value(1.125))
        .andExpect(jsonPath("$.serialCorrelation").value(0.3125))
        .andExpect(jsonPath("$.pValue").value(closeTo(3.2e-9, 1e-15)));
    mvc.perform(get("/api/series/{id}/change-points", series.id))
        .andExpect(jsonPath("$[0].effectSigma").value(-7.25))
        .andExpect(jsonPath("$[0].serialCorrelation").value(0.3125));
    String csv =
        mvc.perform(get("/api/change-points/alerts.csv").param("machine", machine(series)))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(csv.lines().findFirst().orElseThrow())
        .contains("p_value,effect_sigma,noise_sigma,serial_correlation");
    assertThat(csv).contains("3.2E-9,-7.25,1.125,0.3125");
    String page =
        mvc.perform(get("/alerts").param("machine", machine(series)))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    // The page prints the noise, like every σ, to two significant digits; the CSV keeps it whole.
    assertThat(page).contains("−7.3 σ", "3.2e-9", "<span class=\"noise\">1.1</span>", "0.31");
  }

  @Test
  void theDetectorOnYourOwnNumbersTakesMarksAndAnswersWithEvidence() throws Exception {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 120; i++) {
      values.append(i == 0 ? "" : ",").append(i < 60 ? 100 + (i % 3) * 0.5 : 90 + (i % 3) * 0.5);
    }
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"values\":[" + values + "]}"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.changePoints.length()").value(1))
        .andExpect(jsonPath("$.changePoints[0].noiseSigma").isNumber())
        .andExpect(jsonPath("$.changePoints[0].effectSigma").isNumber());
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"values\":[" + values + "], \"knownBoundaries\": [60]}"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.changePoints.length()").value(0));
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"values\":[" + values + "], \"minRelativeChange\": 0.2}"))
        .andExpect(jsonPath("$.changePoints.length()").value(0));
    for (String bad :
        List.of(
            "\"excluded\": [null]",
            "\"excluded\": [120]",
            "\"knownBoundaries\": [-1]",
            "\"minRelativeChange\": -1",
            "\"excluded\": \"all\"")) {
      mvc.perform(
              post("/api/change-points/detect")
                  .contentType(MediaType.APPLICATION_JSON)
                  .content("{\"values\":[" + values + "], " + bad + "}"))
          .andExpect(status().isBadRequest());
    }
  }

  private String machine(SeriesFixture series) {
    return jdbc.sql("select machine from series where id = ?")
        .param(series.id)
        .query(String.class)
        .single();
  }
}
