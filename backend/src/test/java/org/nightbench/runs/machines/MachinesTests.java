package org.nightbench.runs.machines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.users.TestUsers.admin;
import static org.nightbench.users.TestUsers.editor;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.RunRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.json.JsonMapper;

/**
 * Machines and their workers over the real database: the machines page and API, {@code machine} in
 * a run request, and the warning on a run queued for a label no live worker serves.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class MachinesTests {

  @Autowired MockMvc mvc;
  @Autowired MachineRegistry machines;
  @Autowired RunRepository runs;
  @Autowired JdbcClient jdbc;
  @Autowired JsonMapper json;

  @Test
  void aRunQueuedForALabelNoLiveWorkerServesSaysSoUntilAWorkerBeats() throws Exception {
    String label = "bench-" + UUID.randomUUID().toString().substring(0, 8);
    // A worker served it once and is silent now: the label is known, nobody serves it.
    machines.beat(label + ":1", label, Duration.ZERO);

    String body =
        mvc.perform(
                post("/api/runs")
                    .with(editor())
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(
                        "{\"luceneSpec\": \"maven:10.2.2\", \"profile\": \"tiny\", \"machine\": \""
                            + label
                            + "\"}"))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.machine").value(label))
            .andExpect(
                jsonPath("$.warning")
                    .value(Matchers.startsWith("no live worker serves machine '" + label + "'")))
            .andReturn()
            .getResponse()
            .getContentAsString();
    long id = json.readTree(body).get("id").asLong();
    assertThat(
            jdbc.sql("select count(*) from scheduled_tasks where task_name = ?")
                .param("benchmark-run@" + label)
                .query(Long.class)
                .single())
        .isEqualTo(1);

    mvc.perform(get("/api/runs/{id}", id))
        .andExpect(jsonPath("$.warning").value(Matchers.containsString(label)));
    mvc.perform(get("/runs"))
        .andExpect(
            content()
                .string(Matchers.containsString("no live worker serves machine &#39;" + label)));
    mvc.perform(get("/runs/{id}", id))
        .andExpect(content().string(Matchers.containsString("id=\"run-unserved\"")));
    mvc.perform(get("/machines"))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("machine-" + label)))
        .andExpect(
            content()
                .string(Matchers.containsString("no live worker serves machine &#39;" + label)))
        .andExpect(content().string(Matchers.containsString(label + ":1")))
        .andExpect(content().string(Matchers.containsString("silent")));
    mvc.perform(get("/api/machines"))
        .andExpect(jsonPath("$[?(@.label == '" + label + "')].queued").value(1))
        .andExpect(jsonPath("$[?(@.label == '" + label + "')].workers[0].live").value(false));

    // A worker of the label beats: the run is served, the warnings go.
    machines.beat(label + ":2", label, Duration.ofMinutes(1));
    mvc.perform(get("/api/runs/{id}", id)).andExpect(jsonPath("$.warning").isEmpty());
    mvc.perform(get("/api/machines"))
        .andExpect(
            jsonPath("$[?(@.label == '" + label + "')].warning")
                .value(Matchers.contains(Matchers.nullValue())))
        .andExpect(jsonPath("$[?(@.label == '" + label + "')].workers.length()").value(2));
    mvc.perform(get("/runs/{id}", id))
        .andExpect(content().string(Matchers.not(Matchers.containsString("run-unserved"))));

    runs.markFailed(id, "test cleanup");
    mvc.perform(delete("/api/machines/{label}", label).with(editor()))
        .andExpect(status().isForbidden());
    mvc.perform(delete("/api/machines/{label}", label).with(admin()))
        .andExpect(status().isNoContent());
    assertThat(machines.known(label)).isFalse();
  }

  @Test
  void theMachinesPageListsFiftyLabelsAPageAndEveryPageSaysWhichRunsWillNotStart()
      throws Exception {
    String prefix = "paged-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    jdbc.sql(
            "insert into machine_label (label) select ? || lpad(i::text, 3, '0')"
                + " from generate_series(1, 80) i")
        .param(prefix)
        .update();
    // A run waits for the last of them, which no worker serves: said on the first page too.
    String last = prefix + "080";
    long waiting =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus, status)"
                    + " values ('maven:10.2.2', ?, 'tiny', 'wikimedium10k', 'queued') returning id")
            .param(last)
            .query(Long.class)
            .single();
    try {
      List<String> everyone =
          jdbc.sql(
                  "select label from (select label from machine_label union select machine"
                      + " from run where status in ('queued', 'running')) l order by label")
              .query(String.class)
              .list();
      List<String> listed = new ArrayList<>();
      String next = "/machines";
      int pages = 0;
      while (next != null) {
        String html =
            mvc.perform(get(next))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        List<String> page = matches(html, "<tr id=\"machine-([^\"]+)\"");
        assertThat(page).hasSizeLessThanOrEqualTo(MachinesPageController.PAGE_SIZE).isNotEmpty();
        assertThat(html).contains("no live worker serves machine &#39;" + last + "&#39;");
        listed.addAll(page);
        pages++;
        List<String> links = matches(html, "href=\"([^\"]+)\" rel=\"next\"");
        next = links.isEmpty() ? null : links.get(0).replace("&amp;", "&");
        assertThat(pages)
            .isLessThanOrEqualTo(everyone.size() / MachinesPageController.PAGE_SIZE + 1);
      }
      assertThat(listed).containsExactlyElementsOf(everyone);
      assertThat(pages).isGreaterThanOrEqualTo(2);
      mvc.perform(get("/machines").param("page", "0")).andExpect(status().isBadRequest());
      // The API stays whole: every label at once.
      mvc.perform(get("/api/machines")).andExpect(jsonPath("$.length()").value(everyone.size()));
    } finally {
      runs.markFailed(waiting, "test cleanup");
      jdbc.sql("delete from machine_label where label like ?").param(prefix + "%").update();
    }
  }

  private static List<String> matches(String html, String regex) {
    List<String> found = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(html);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  @Test
  void anUnknownMachineIsRefusedWithOneLineNamingIt() throws Exception {
    long before = jdbc.sql("select count(*) from run").query(Long.class).single();
    mvc.perform(
            post("/api/runs")
                .with(editor())
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"luceneSpec\": \"maven:10.2.2\", \"machine\": \"no-such-box\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(Matchers.startsWith("unknown machine 'no-such-box': no worker has ever")))
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("test-machine")))
        .andExpect(jsonPath("$.detail").value(Matchers.not(Matchers.containsString("\n"))));
    assertThat(jdbc.sql("select count(*) from run").query(Long.class).single()).isEqualTo(before);
  }
}
