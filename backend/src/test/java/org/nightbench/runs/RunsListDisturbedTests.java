package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/**
 * The runs list marks a run on a disturbed machine with a badge saying why; the API says it too.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class RunsListDisturbedTests {

  private static final String REASON =
      "calibration 91.3 is -8.7% from this machine's recent median 100 (12 runs; limit 5.0%)";

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void aDisturbedRunCarriesABadgeWithItsReason() throws Exception {
    long calm = run(null);
    long disturbed = run(REASON);

    String page = mvc.perform(get("/runs")).andReturn().getResponse().getContentAsString();
    assertThat(row(page, disturbed))
        .contains("status status-disturbed run-disturbed")
        .contains("title=\"" + REASON.replace("'", "&#39;") + "\"")
        .contains(">machine disturbed<");
    assertThat(row(page, calm)).doesNotContain("machine disturbed");

    mvc.perform(get("/api/runs/{id}", disturbed))
        .andExpect(jsonPath("$.disturbedReason").value(REASON));
    mvc.perform(get("/api/runs/{id}", calm)).andExpect(jsonPath("$.disturbedReason").isEmpty());
  }

  private long run(String disturbedReason) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " disturbed_reason) values ('maven:10.6.0', '10.6.0', 'bench-1', 'nightly',"
                + " 'wikimedium10k', 'succeeded', ?) returning id")
        .param(disturbedReason)
        .query(Long.class)
        .single();
  }

  /** The list's row of a run, as HTML. */
  private static String row(String page, long runId) {
    int link = page.indexOf("href=\"/runs/" + runId + "\"");
    assertThat(link).as("row of run " + runId).isPositive();
    return page.substring(page.lastIndexOf("<tr", link), page.indexOf("</tr>", link));
  }
}
