package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/** The alerts page and API: filters, triage one by one and by commit range, who may do it. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class AlertsTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  private String machine;
  private long before;
  private long after;
  private long regressionA;
  private long regressionB;
  private long improvement;

  @BeforeEach
  void threeOpenAlertsOfOneCommitRangeAndOneTriaged() {
    machine = "alerts-" + UUID.randomUUID().toString().substring(0, 8);
    before = run("1111111111111111111111111111111111111111");
    after = run("2222222222222222222222222222222222222222");
    regressionA =
        changePoint(series("search", "HighTerm", "qps"), -0.12, "regression", "untriaged");
    regressionB =
        changePoint(series("search", "HighPhrase", "qps"), -0.03, "regression", "untriaged");
    improvement =
        changePoint(series("indexing", "1kb-docs", "docsPerSec"), 0.08, "improvement", "untriaged");
    changePoint(series("search", "Fuzzy1", "qps"), -0.2, "regression", "invalid");
  }

  @Test
  void openAlertsByDefaultAndTheFiltersNarrowThem() throws Exception {
    mvc.perform(get("/api/change-points").param("machine", machine))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(3))
        .andExpect(jsonPath("$[0].id").value(regressionA))
        .andExpect(jsonPath("$[0].commitSha").value("2222222222222222222222222222222222222222"))
        .andExpect(
            jsonPath("$[0].previousCommitSha").value("1111111111111111111111111111111111111111"));
    mvc.perform(
            get("/api/change-points")
                .param("machine", machine)
                .param("direction", "regression")
                .param("minChange", "0.05"))
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].id").value(regressionA));
    mvc.perform(
            get("/api/change-points")
                .param("machine", machine)
                .param("state", "invalid")
                .param("benchmark", "search"))
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].task").value("Fuzzy1"));
    mvc.perform(get("/api/change-points").param("state", "bogus"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(containsString("unknown state 'bogus'")));
    assertThat(
            mvc.perform(get("/api/change-points/alerts.csv").param("machine", machine))
                .andReturn()
                .getResponse()
                .getContentAsString()
                .lines())
        .hasSize(4);
  }

  @Test
  void anEditorTriagesOneAlertAndWhoAndWhenAreKept() throws Exception {
    mvc.perform(
            patch("/api/change-points/{id}", regressionA)
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"state\":\"investigating\",\"assignee\":\"mike\",\"note\":\"LUCENE-1\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.state").value("investigating"))
        .andExpect(jsonPath("$.assignee").value("mike"))
        .andExpect(jsonPath("$.note").value("LUCENE-1"))
        .andExpect(jsonPath("$.updatedBy").value("editor"))
        .andExpect(jsonPath("$.updatedAt").isNotEmpty());
    // Only what is given changes; an empty note clears it.
    mvc.perform(
            patch("/api/change-points/{id}", regressionA)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"note\":\"\"}")
                .with(TestUsers.editor()))
        .andExpect(jsonPath("$.state").value("investigating"))
        .andExpect(jsonPath("$.assignee").value("mike"))
        .andExpect(jsonPath("$.note").doesNotExist());
    mvc.perform(
            patch("/api/change-points/{id}", regressionA)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"state\":\"solved\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(containsString("unknown state 'solved': use")));
  }

  @Test
  void aCommitRangeIsTriagedInOneGoAllOrNone() throws Exception {
    mvc.perform(
            post("/api/change-points/triage")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"ids\":["
                        + regressionA
                        + ","
                        + regressionB
                        + ",999999999],\"state\":\"confirmed\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isNotFound());
    assertThat(state(regressionA)).isEqualTo("untriaged");

    mvc.perform(
            post("/api/change-points/triage")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"ids\":[" + regressionA + "," + regressionB + "],\"state\":\"infra\"}")
                .with(TestUsers.editor()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.updated").value(2));
    assertThat(state(regressionA)).isEqualTo("infra");
    assertThat(state(regressionB)).isEqualTo("infra");
    assertThat(state(improvement)).isEqualTo("untriaged");
  }

  @Test
  void onlyEditorsTriage() throws Exception {
    String body = "{\"state\":\"invalid\"}";
    mvc.perform(
            patch("/api/change-points/{id}", regressionA)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(csrf()))
        .andExpect(status().isUnauthorized());
    mvc.perform(
            patch("/api/change-points/{id}", regressionA)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    assertThat(state(regressionA)).isEqualTo("untriaged");
  }

  @Test
  void thePageGroupsByCommitRangeEscapesNotesAndItsBulkFormTriages() throws Exception {
    jdbc.sql("update change_point set note = '<script>alert(1)</script>' where id = ?")
        .param(regressionA)
        .update();

    mvc.perform(get("/alerts").param("machine", machine))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("1111111…2222222")))
        .andExpect(content().string(containsString("3 alert(s)")))
        .andExpect(content().string(containsString("&lt;script&gt;alert(1)&lt;/script&gt;")))
        .andExpect(content().string(not(containsString("<script>alert(1)"))))
        // Anonymous readers see the alerts but no triage controls.
        .andExpect(content().string(not(containsString("Apply to the ticked alerts"))));
    mvc.perform(get("/alerts").param("machine", machine).with(TestUsers.editor()))
        .andExpect(content().string(containsString("Apply to the ticked alerts")));

    mvc.perform(
            post("/alerts/triage")
                .param("id", Long.toString(regressionB), Long.toString(improvement))
                .param("newState", "confirmed")
                .param("assignee", "ada")
                .param("back", "machine=" + machine)
                .with(TestUsers.editor()))
        .andExpect(redirectedUrl("/alerts?machine=" + machine));
    assertThat(state(regressionB)).isEqualTo("confirmed");
    assertThat(state(improvement)).isEqualTo("confirmed");
    assertThat(state(regressionA)).isEqualTo("untriaged");

    // Without the form's CSRF token nothing changes.
    mvc.perform(
            post("/alerts/triage")
                .param("id", Long.toString(regressionA))
                .param("newState", "fixed")
                .with(user("editor").roles("EDITOR")))
        .andExpect(status().isForbidden());
    assertThat(state(regressionA)).isEqualTo("untriaged");
  }

  @Test
  void theListIsPagedAndAnAnonymousReadersPageIsPreparedOnceUntilAnAlertChanges() throws Exception {
    for (int i = 0; i < 55; i++) {
      changePoint(series("search", "Task" + i, "qps"), -0.05, "regression", "untriaged");
    }
    // 58 open alerts: 50 on the first page, 8 on the second.
    var first =
        mvc.perform(get("/alerts").param("machine", machine))
            .andExpect(status().isOk())
            .andExpect(content().string(containsString("page 1")))
            .andExpect(header().string("ETag", startsWith("W/\"a-")))
            .andReturn()
            .getResponse();
    assertThat(first.getContentAsString().split("<tr id=\"alert-", -1)).hasSize(51);
    assertThat(first.getContentAsString())
        .contains("href=\"/alerts?machine=" + machine + "&amp;page=2\" rel=\"next\"")
        .doesNotContain("rel=\"prev\"");
    String second =
        mvc.perform(get("/alerts").param("machine", machine).param("page", "2"))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(second.split("<tr id=\"alert-", -1)).hasSize(9);
    assertThat(second).contains("rel=\"prev\"").doesNotContain("rel=\"next\"");
    for (String page : new String[] {"0", "-1", "10001", "x", "1.5"}) {
      mvc.perform(get("/alerts").param("page", page)).andExpect(status().isBadRequest());
    }

    // The same page again is the prepared one, until an alert changes.
    String etag = first.getHeader("ETag");
    mvc.perform(get("/alerts").param("machine", machine)).andExpect(header().string("ETag", etag));
    mvc.perform(get("/alerts").param("machine", machine).header("If-None-Match", etag))
        .andExpect(status().isNotModified());
    jdbc.sql("update change_point set note = 'looked at' where id = ?").param(regressionA).update();
    mvc.perform(get("/alerts").param("machine", machine))
        .andExpect(header().string("ETag", not(etag)))
        .andExpect(content().string(containsString("looked at")));
  }

  private long run(String sha) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " commit_sha) values ('git:main', '11.0.0-SNAPSHOT', ?, 'nightly', 'c',"
                + " 'succeeded', ?) returning id")
        .params(machine, sha)
        .query(Long.class)
        .single();
  }

  private long series(String benchmark, String task, String metric) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, ?, ?, ?, 'x/s', true, ?, '25',"
                + " 'c', 'nightly') returning id")
        .params(UUID.randomUUID().toString(), benchmark, task, metric, machine)
        .query(Long.class)
        .single();
  }

  private long changePoint(long series, double change, String direction, String state) {
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, p_value, direction, state)"
                + " values (?, ?, ?, ?, 100, ?, ?, 0.001, ?, ?) returning id")
        .params(
            series,
            after,
            before,
            Timestamp.from(Instant.parse("2026-11-20T02:00:00Z")),
            100 * (1 + change),
            change,
            direction,
            state)
        .query(Long.class)
        .single();
  }

  private String state(long id) {
    return jdbc.sql("select state from change_point where id = ?")
        .param(id)
        .query(String.class)
        .single();
  }
}
