package org.nightbench.backfill;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import java.util.List;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.RunService;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** The backfill API over the real database and Maven Central's release list. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class BackfillApiControllerTests {

  @Autowired MockMvc mvc;
  @Autowired RunService runs;

  @Test
  void releasesAreQueuedAsBackfillRunsInTheGivenOrder() throws Exception {
    ResultActions result =
        backfill("{\"releases\": [\"9.11.1\", \"9.12.3\"]}")
            .andExpect(status().isCreated())
            .andExpect(
                jsonPath("$[*].luceneSpec")
                    .value(Matchers.contains("maven:9.11.1", "maven:9.12.3")))
            .andExpect(jsonPath("$[*].reason").value(Matchers.everyItem(Matchers.is("backfill"))))
            .andExpect(jsonPath("$[*].status").value(Matchers.everyItem(Matchers.is("QUEUED"))));
    cancelAll(result);
  }

  @Test
  void aMinorRangeQueuesEachMinorsLatestPatch() throws Exception {
    ResultActions result =
        backfill("{\"fromMinor\": \"10.1\", \"toMinor\": \"10.2\"}")
            .andExpect(status().isCreated())
            .andExpect(
                jsonPath("$[*].luceneSpec")
                    .value(Matchers.contains("maven:10.1.0", "maven:10.2.2")));
    cancelAll(result);
  }

  @Test
  void badRequestsAre400sWithOneLine() throws Exception {
    backfill("{\"commitRange\": \"abc..def\"}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("not supported yet")));
    backfill("{\"dateRange\": {\"from\": \"2024-01-01\"}}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("not supported yet")));
    backfill("{}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.startsWith("give either releases")));
    backfill("{\"releases\": [\"9.12.3\"], \"fromMinor\": \"9.8\", \"toMinor\": \"9.9\"}")
        .andExpect(status().isBadRequest());
    backfill("{\"fromMinor\": \"9.8\"}")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail").value("fromMinor and toMinor go together, e.g. 9.8 and 10.6"));
    backfill("{\"releases\": [\"9.12.3\", \"9.12.3; rm -rf /\"]}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("invalid version")));
  }

  private ResultActions backfill(String body) throws Exception {
    return mvc.perform(post("/api/backfill").contentType(MediaType.APPLICATION_JSON).content(body));
  }

  /** Leaves no queued run behind for tests that run this machine's queue. */
  private void cancelAll(ResultActions result) throws Exception {
    List<Integer> ids =
        JsonPath.read(result.andReturn().getResponse().getContentAsString(), "$[*].id");
    ids.forEach(id -> runs.cancel(id));
  }
}
