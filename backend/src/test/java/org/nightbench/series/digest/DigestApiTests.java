package org.nightbench.series.digest;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/** The digest's JSON: of a run, between two runs, of every machine's newest run, and its 4xx. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class DigestApiTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void aRunsDigestIsBesideItsChanges() throws Exception {
    DigestScenario s = new DigestScenario(jdbc);

    mvc.perform(get("/api/runs/{id}/digest", s.v1010))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.from.id").value(s.v1000))
        .andExpect(jsonPath("$.to.id").value(s.v1010))
        .andExpect(jsonPath("$.previous").value(true))
        .andExpect(jsonPath("$.worse").value(1))
        .andExpect(jsonPath("$.better").value(1))
        .andExpect(jsonPath("$.withinNoise").value(1))
        .andExpect(jsonPath("$.notJudged").value(1))
        .andExpect(jsonPath("$.largestRegressions[0].seriesId").value(s.slower))
        .andExpect(jsonPath("$.largestRegressions[0].judgement").value("WORSE"))
        .andExpect(jsonPath("$.largestRegressions[0].verdict").value("WORSE"))
        .andExpect(jsonPath("$.largestRegressions[0].evidence").value("BOTH"))
        .andExpect(jsonPath("$.largestRegressions[0].qValue").isNumber())
        .andExpect(jsonPath("$.largestRegressions[0].ciLow").isNumber())
        .andExpect(jsonPath("$.largestRegressions[0].changePoint.state").value("investigating"))
        .andExpect(jsonPath("$.missing[0].seriesId").value(s.gone))
        .andExpect(jsonPath("$.silentSteps[0].step").value("pk-postings"));
    mvc.perform(get("/api/runs/{id}/digest", 987654321L)).andExpect(status().isNotFound());
  }

  @Test
  void theDigestBetweenTwoRunsAndEveryMachinesLatest() throws Exception {
    DigestScenario s = new DigestScenario(jdbc);

    mvc.perform(get("/api/digest").param("from", "" + s.v9123).param("to", "" + s.v1010))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.previous").value(false))
        .andExpect(jsonPath("$.from.luceneVersion").value("9.12.3"))
        .andExpect(jsonPath("$.largestRegressions[0].changePoint.id").value(s.changePoint));
    mvc.perform(get("/api/digest/latest"))
        .andExpect(status().isOk())
        .andExpect(
            jsonPath("$.digests[?(@.to.machine == '" + s.data.machine + "')].to.id")
                .value(org.hamcrest.Matchers.contains((int) s.v1010)));
  }

  @Test
  void aPageOfRunsThatRecordedNoJdkLeavesItOutOfTheirHeading() throws Exception {
    DigestTestData data = new DigestTestData(jdbc);
    long before =
        data.run("maven:10.0.0", "10.0.0", null, Instant.parse("2024-10-14T00:00:00Z"), null);
    long after =
        data.run("maven:10.1.0", "10.1.0", null, Instant.parse("2025-01-06T00:00:00Z"), null);

    mvc.perform(get("/digest").param("from", "" + before).param("to", "" + after))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString(data.machine + " · wikimedium10k · nightly")))
        .andExpect(content().string(not(containsString("null ·"))));
  }

  @Test
  void runsThatCannotBeComparedGetAOneLine4xxNamingWhy() throws Exception {
    DigestScenario s = new DigestScenario(jdbc);
    long elsewhere =
        new DigestTestData(jdbc).release("10.1.0", Instant.parse("2025-01-06T00:00:00Z"));

    mvc.perform(get("/api/digest").param("from", "abc").param("to", "" + s.v1010))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("from must be a run id (a whole number), not 'abc'"));
    mvc.perform(get("/api/digest").param("from", "" + s.v1000))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(startsWith("to is missing")));
    mvc.perform(get("/api/digest").param("from", "" + s.v1000).param("to", "987654321"))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value("No run 987654321"));
    mvc.perform(get("/api/digest").param("from", "" + s.v1000).param("to", "" + elsewhere))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    startsWith(
                        "runs " + s.v1000 + " and " + elsewhere + " cannot be compared: machine")));
    // The page says the same, as a page.
    mvc.perform(get("/digest").param("from", "" + s.v1000).param("to", "" + elsewhere))
        .andExpect(status().isBadRequest());
    mvc.perform(get("/digest").param("from", "" + s.v9123).param("to", "" + s.v1010))
        .andExpect(status().isOk());
  }

  @Test
  void twoRunsTickedOnTheRunListOpenTheirDigestInTheirOrder() throws Exception {
    DigestScenario s = new DigestScenario(jdbc);

    // 10.1.0 ticked before 10.0.0: release order makes 10.0.0 the baseline.
    mvc.perform(get("/digest").param("run", "" + s.v1010).param("run", "" + s.v1000))
        .andExpect(status().is3xxRedirection())
        .andExpect(
            org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl(
                "/digest?from=" + s.v1000 + "&to=" + s.v1010));
    mvc.perform(get("/digest").param("run", "" + s.v1010))
        .andExpect(status().isBadRequest())
        .andExpect(content().string(containsString("tick two runs to compare, not 1")));
    mvc.perform(get("/digest").param("run", "" + s.v1010).param("run", "x<script>"))
        .andExpect(status().isBadRequest());
  }
}
