package org.nightbench.runs.machines;

import static org.nightbench.users.TestUsers.admin;
import static org.nightbench.users.TestUsers.editor;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.RunRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.json.JsonMapper;

/**
 * /actuator/health with its database, workers and queue components (details for admins only), and
 * the build's version and commit in /actuator/info and the page footer.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class HealthAndInfoTests {

  @Autowired MockMvc mvc;
  @Autowired MachineRegistry machines;
  @Autowired RunRepository runs;
  @Autowired JsonMapper json;

  @Test
  void everyoneSeesTheComponentsAndOnlyAdminsTheirDetails() throws Exception {
    mvc.perform(get("/actuator/health"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.components.db.status").value("UP"))
        .andExpect(jsonPath("$.components.workers.status").exists())
        .andExpect(jsonPath("$.components.queue.status").exists())
        .andExpect(jsonPath("$.components.queue.details").doesNotExist());
    mvc.perform(get("/actuator/health").with(editor()))
        .andExpect(jsonPath("$.components.queue.details").doesNotExist());
    mvc.perform(get("/actuator/health").with(admin()))
        .andExpect(jsonPath("$.components.db.details.database").value("PostgreSQL"))
        .andExpect(jsonPath("$.components.queue.details.queued").isNumber())
        .andExpect(jsonPath("$.components.workers.details.liveWorkers").isNumber());
  }

  @Test
  void runsWaitingForAMachineNobodyServesAreAWarningThatStillAnswers200() throws Exception {
    String label = "health-" + UUID.randomUUID().toString().substring(0, 8);
    machines.beat(label + ":1", label, Duration.ZERO);
    String body =
        mvc.perform(
                post("/api/runs")
                    .with(editor())
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"luceneSpec\": \"maven:10.2.2\", \"machine\": \"" + label + "\"}"))
            .andExpect(status().isCreated())
            .andReturn()
            .getResponse()
            .getContentAsString();
    long id = json.readTree(body).get("id").asLong();
    try {
      mvc.perform(get("/actuator/health").with(admin()))
          .andExpect(status().isOk())
          .andExpect(jsonPath("$.status").value("WARNING"))
          .andExpect(jsonPath("$.components.queue.status").value("WARNING"))
          .andExpect(
              jsonPath("$.components.queue.details.waitingForAWorker['" + label + "']").value(1))
          .andExpect(jsonPath("$.components.workers.status").value("WARNING"))
          .andExpect(
              jsonPath("$.components.workers.details.silentMachines")
                  .value(Matchers.hasItem(label)));

      machines.beat(label + ":2", label, Duration.ofMinutes(1));
      mvc.perform(get("/actuator/health").with(admin()))
          .andExpect(
              jsonPath("$.components.queue.details.waitingForAWorker['" + label + "']")
                  .doesNotExist())
          .andExpect(
              jsonPath("$.components.workers.details.machines['" + label + "'].liveWorkers")
                  .value(1));
    } finally {
      runs.markFailed(id, "test cleanup");
      machines.forget(label);
    }
  }

  @Test
  void theBuildsVersionAndCommitAreInInfoAndTheFooter() throws Exception {
    mvc.perform(get("/actuator/info"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.build.version").value(Matchers.not(Matchers.emptyString())))
        .andExpect(jsonPath("$.git.commit.id").value(Matchers.matchesPattern("[0-9a-f]{7,}")));
    String version =
        json.readTree(
                mvc.perform(get("/actuator/info")).andReturn().getResponse().getContentAsString())
            .at("/build/version")
            .asString();
    mvc.perform(get("/machines"))
        .andExpect(
            content()
                .string(
                    Matchers.matchesPattern(
                        "(?s).*Nightbench version "
                            + java.util.regex.Pattern.quote(version)
                            + ", commit [0-9a-f]{7}.*")));
  }
}
