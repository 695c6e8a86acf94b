package org.nightbench.backfill;

import static org.nightbench.users.TestUsers.editor;
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
    backfill("{\"commitRange\": {\"to\": \"main\"}}")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail").value(Matchers.startsWith("commitRange needs from and to")));
    backfill("{\"commitRange\": {\"from\": \"v1\", \"to\": \"main\", \"every\": 0}}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value("commitRange.every must be 1 or more, got 0"));
    backfill("{\"dateRange\": {\"from\": \"2024-01-01\"}}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.startsWith("dateRange needs from and to")));
    backfill("{\"dateRange\": {\"from\": \"2024-02-01\", \"to\": \"2024-01-01\"}}")
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value("dateRange.to 2024-01-01 is before dateRange.from 2024-02-01"));
    backfill("{\"commitRange\": {\"from\": \"v1\", \"to\": \"main;id\"}}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("main;id")));
    backfill("{}")
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.startsWith("give exactly one of")));
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
    return mvc.perform(
        post("/api/backfill").with(editor()).contentType(MediaType.APPLICATION_JSON).content(body));
  }

  /** Leaves no queued run behind for tests that run this machine's queue. */
  private void cancelAll(ResultActions result) throws Exception {
    List<Integer> ids =
        JsonPath.read(result.andReturn().getResponse().getContentAsString(), "$[*].id");
    ids.forEach(id -> runs.cancel(id));
  }
}
