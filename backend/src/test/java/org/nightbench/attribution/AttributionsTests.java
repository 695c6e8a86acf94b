package org.nightbench.attribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/**
 * The alerts page's machine-or-code line on stored runs (a night the control moved with the
 * others), and the editors' verdict: stored, shown, undone; hostile input a one-line 4xx.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class AttributionsTests {

  private static final Instant DAY0 = Instant.parse("2026-01-01T02:00:00Z");

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;
  @Autowired Attributions attributions;

  private String machine;
  private final List<Long> runs = new ArrayList<>();
  private long slower;
  private long faster;

  /**
   * Twelve nights; on the last the control and HighTerm are 15 % slower (the box), Fuzzy1 10 %
   * faster (a commit: the box did not help it).
   */
  @BeforeEach
  void aNightTheControlMovedWithTheOthers() {
    machine = "attribution-" + UUID.randomUUID().toString().substring(0, 8);
    for (int night = 0; night < 12; night++) {
      runs.add(
          jdbc.sql(
                  "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                      + " values ('git:main', '11.0.0', ?, 'nightly', 'c', 'succeeded')"
                      + " returning id")
              .param(machine)
              .query(Long.class)
              .single());
    }
    for (String category : List.of("HighTerm", "AndHighHigh", "OrHighHigh")) {
      nights(series("control", "10.6.0 " + category), 300, -0.15);
    }
    long highTerm = series("search", "HighTerm");
    nights(highTerm, 100, -0.15);
    long fuzzy = series("search", "Fuzzy1");
    nights(fuzzy, 100, 0.10);
    slower = changePoint(highTerm, -0.15, "regression");
    faster = changePoint(fuzzy, 0.10, "improvement");
  }

  @Test
  void theAlertsSayWhoseMoveItIsAndEditorsMaySayOtherwise() throws Exception {
    assertThat(attributions.of(List.of(slower, faster)))
        .hasEntrySatisfying(slower, a -> assertThat(a.verdict()).isEqualTo(Verdict.MACHINE))
        .hasEntrySatisfying(faster, a -> assertThat(a.verdict()).isEqualTo(Verdict.CODE));
    mvc.perform(get("/alerts").param("machine", machine))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("machine moved")))
        .andExpect(content().string(containsString("the control 10.6.0 moved −15.0 % too")))
        .andExpect(content().string(containsString("code moved")))
        .andExpect(content().string(not(containsString("Whose move?"))));

    mvc.perform(
            post("/alerts/{id}/attribution", slower)
                .param("verdict", "code")
                .param("back", "machine=" + machine)
                .with(TestUsers.editor()))
        .andExpect(redirectedUrl("/alerts?machine=" + machine + "#alert-" + slower));
    assertThat(attributions.of(List.of(slower)).get(slower).verdict()).isEqualTo(Verdict.CODE);
    assertThat(attributions.of(List.of(slower)).get(slower).overriddenBy()).isEqualTo("editor");
    mvc.perform(get("/alerts").param("machine", machine).with(TestUsers.editor()))
        .andExpect(content().string(containsString("Whose move?")))
        .andExpect(content().string(containsString("set by editor; the evidence: the control")));
    // Anonymous readers get a cached page: the override must reach it at once too.
    mvc.perform(get("/alerts").param("machine", machine))
        .andExpect(status().isOk())
        .andExpect(content().string(containsString("set by editor; the evidence: the control")));

    mvc.perform(
            post("/alerts/{id}/attribution", slower)
                .param("verdict", "automatic")
                .with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection());
    assertThat(attributions.of(List.of(slower)).get(slower).verdict()).isEqualTo(Verdict.MACHINE);
  }

  @Test
  void hostileInputIsAOneLineAnswerAndNothingChanges() throws Exception {
    mvc.perform(
            post("/alerts/{id}/attribution", slower)
                .param("verdict", "<script>x</script>")
                .with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection())
        .andExpect(
            flash()
                .attribute(
                    "error",
                    "verdict must be machine, code or automatic, not '<script>x</script>'"));
    mvc.perform(
            post("/alerts/{id}/attribution", 987654321L)
                .param("verdict", "machine")
                .with(TestUsers.editor()))
        .andExpect(flash().attribute("error", "change point 987654321 does not exist"));
    mvc.perform(
            post("/alerts/abc/attribution").param("verdict", "machine").with(TestUsers.editor()))
        .andExpect(status().isBadRequest());
    // No CSRF token, or no editor: nothing is stored.
    mvc.perform(
            post("/alerts/{id}/attribution", slower)
                .param("verdict", "code")
                .with(user("editor").roles("EDITOR")))
        .andExpect(status().isForbidden());
    mvc.perform(
            post("/alerts/{id}/attribution", slower)
                .param("verdict", "code")
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    assertThat(
            jdbc.sql("select count(*) from change_point_attribution where change_point_id = ?")
                .param(slower)
                .query(Long.class)
                .single())
        .isZero();
  }

  private long series(String benchmark, String task) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, ?, ?, 'qps', 'q/s', true, ?, '25',"
                + " 'c', 'nightly') returning id")
        .params(UUID.randomUUID().toString(), benchmark, task, machine)
        .query(Long.class)
        .single();
  }

  /** Eleven nights at {@code level} ± 1 %, the twelfth moved by {@code last}. */
  private void nights(long series, double level, double last) {
    for (int night = 0; night < 12; night++) {
      double value = night == 11 ? level * (1 + last) : level * (1 + 0.01 * ((night % 3) - 1));
      jdbc.sql(
              "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                  + " values (?, ?, ?, ?, 1, ?)")
          .params(
              series,
              runs.get(night),
              Timestamp.from(DAY0.plusSeconds(86_400L * night)),
              value,
              new Double[] {value})
          .update();
    }
  }

  private long changePoint(long series, double change, String direction) {
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, p_value, direction) values (?, ?, ?, ?, 100, ?,"
                + " ?, 0.001, ?) returning id")
        .params(
            series,
            runs.get(11),
            runs.get(10),
            Timestamp.from(DAY0.plusSeconds(86_400L * 11)),
            100 * (1 + change),
            change,
            direction)
        .query(Long.class)
        .single();
  }
}
