package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/**
 * A bisect's result where people look: the alert's row and the series page show a finished bisect's
 * culprit, every probe's verdict and effect, the culprit-vs-parent profile diff and (to editors
 * only) "annotate culprit"; a running one's progress and range. The bisect and its probes are
 * stored rows, as the poller would have left them, rather than real comparisons.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class BisectPanelsTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  /** Ids of one stored scenario: an alert of a series with a found and a running bisect. */
  private record Scenario(
      long series, long changePoint, long found, long running, long parentCmp, long culpritCmp) {}

  @Test
  void theAlertRowShowsTheResultProbesDiffAndAnnotateToEditorsAndARunningOnesProgress()
      throws Exception {
    Scenario s = scenario();
    String page = page("/alerts", TestUsers.editor());
    assertShowsBothBisects(s, page);
    // Inside the triage form: the button posts to the bisect with formaction.
    assertThat(page)
        .contains("formaction=\"/bisects/" + s.found() + "/annotation\"")
        .contains("class=\"bisect-annotate\"");

    String asViewer = page("/alerts", TestUsers.viewer());
    assertShowsBothBisects(s, asViewer);
    assertThat(asViewer).doesNotContain("bisect-annotate").doesNotContain("/annotation\"");
  }

  @Test
  void theSeriesPageShowsTheSameAndAnnotatingLinksTheAnnotation() throws Exception {
    Scenario s = scenario();
    String page = page("/series/" + s.series(), TestUsers.editor());
    assertShowsBothBisects(s, page);
    assertThat(page).contains("action=\"/bisects/" + s.found() + "/annotation\"");
    assertThat(page("/series/" + s.series(), TestUsers.viewer()))
        .contains(sha(3))
        .doesNotContain("bisect-annotate");

    mvc.perform(post("/bisects/" + s.found() + "/annotation").with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection());
    String annotated = page("/series/" + s.series(), TestUsers.editor());
    assertThat(annotated).contains("class=\"bisect-annotated\"");
    assertThat(panel(annotated, s.found())).doesNotContain("bisect-annotate\"");
  }

  @Test
  void theBisectJsonAndPageLinkTheCulpritAgainstItsParentsProfile() throws Exception {
    Scenario s = scenario();
    mvc.perform(get("/api/bisects/" + s.found()).with(TestUsers.viewer()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.culpritProfileDiff.before").value(s.parentCmp()))
        .andExpect(jsonPath("$.culpritProfileDiff.beforeSide").value("candidate"))
        .andExpect(jsonPath("$.culpritProfileDiff.after").value(s.culpritCmp()))
        .andExpect(jsonPath("$.culpritProfileDiff.afterSide").value("candidate"))
        .andExpect(jsonPath("$.culpritProfileDiff.page").value(diffPath(s)));
    mvc.perform(get("/api/bisects/" + s.running()).with(TestUsers.viewer()))
        .andExpect(jsonPath("$.culpritProfileDiff").doesNotExist());
    assertThat(page("/bisects/" + s.found(), TestUsers.viewer()))
        .contains("id=\"bisect-culprit-profile-diff\" href=\"" + html(diffPath(s)) + "\"");
    // The diff page takes the sides, and names them.
    assertThat(page(diffPath(s), TestUsers.viewer()))
        .contains("run " + s.parentCmp() + " (candidate)")
        .contains("run " + s.culpritCmp() + " (candidate)");
    mvc.perform(get("/profiles/diff?before=1&after=2&beforeSide=sideways").with(TestUsers.viewer()))
        .andExpect(status().isBadRequest());
  }

  private void assertShowsBothBisects(Scenario s, String page) {
    String found = panel(page, s.found());
    assertThat(found)
        .contains(">found<")
        .contains("culprit")
        .contains(sha(3))
        .contains(">ends<")
        .contains(">same<")
        .contains(">different<")
        .contains(change(-0.3))
        .contains(change(-0.01))
        .contains("class=\"bisect-profile-diff\" href=\"" + html(diffPath(s)) + "\"");
    String running = panel(page, s.running());
    assertThat(running)
        .contains(">running<")
        .contains("measuring the ends (probe 0), then about 2 probes; range 4 commits")
        .contains(sha(0).substring(0, 7) + ".." + sha(4).substring(0, 7))
        .contains(">measuring<")
        .contains("data-url=\"/api/bisects/" + s.running() + "\"")
        .doesNotContain("bisect-profile-diff")
        .doesNotContain("annotate");
  }

  /** One bisect's panel of a page: from its opening to the next panel or the list's end. */
  private static String panel(String page, long bisect) {
    int start = page.indexOf("id=\"bisect-panel-" + bisect + "\"");
    assertThat(start).as("the panel of bisect %d", bisect).isNotNegative();
    int end = page.indexOf("</ul>", start);
    int next = page.indexOf("class=\"bisect-panel\"", start + 1);
    return page.substring(start, next > 0 && next < end ? next : end);
  }

  private String page(String path, RequestPostProcessor user) throws Exception {
    return mvc.perform(get(path).with(user))
        .andExpect(status().isOk())
        .andReturn()
        .getResponse()
        .getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String diffPath(Scenario s) {
    return "/profiles/diff?before="
        + s.parentCmp()
        + "&beforeSide=candidate&after="
        + s.culpritCmp()
        + "&afterSide=candidate";
  }

  private static String html(String url) {
    return url.replace("&", "&amp;");
  }

  private static String change(double relative) {
    return new org.nightbench.web.ValueFormat().change(relative);
  }

  private static String sha(int position) {
    return String.format(Locale.ROOT, "%07d", position).repeat(6).substring(0, 40);
  }

  /**
   * A series with an alert at its change, and two bisects of it over five commits (0 the good end,
   * 4 the bad end): one found (ends differ; 2 same; 3 different, so 3 is the culprit and 2 its
   * parent), one still measuring its ends.
   */
  private Scenario scenario() {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values (?, 'search', 'OrHighHigh', 'qps',"
                    + " 'q/s', true, 'panel-machine', '25', 'europarl', 'bisect') returning id")
            .param("bisect-panels-" + System.nanoTime())
            .query(Long.class)
            .single();
    long before = run(sha(0), "succeeded");
    long after = run(sha(4), "succeeded");
    long changePoint =
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, direction) values (?, ?, ?, now(), 100, 70,"
                    + " -0.3, 'regression') returning id")
            .params(series, after, before)
            .query(Long.class)
            .single();
    long found = bisect(series, changePoint, "found", 2, 3, "the change is 0000003 subject 3");
    long ends = comparison("succeeded");
    long parent = comparison("succeeded");
    long culprit = comparison("succeeded");
    probe(found, 0, 4, ends, "DIFFERENT", -0.3);
    probe(found, 1, 2, parent, "SAME", -0.01);
    probe(found, 2, 3, culprit, "DIFFERENT", -0.29);
    long running = bisect(series, changePoint, "running", 0, 4, null);
    // Queued (the tests' worker is off): the bisect poller leaves a probe waiting on it alone.
    probe(running, 0, 4, comparison("queued"), null, null);
    return new Scenario(series, changePoint, found, running, parent, culprit);
  }

  private long bisect(long series, long changePoint, String state, int good, int bad, String m) {
    long id =
        jdbc.sql(
                "insert into bisect (benchmark, task, metric, profile, corpus, jvms, max_jvms,"
                    + " want_profiles, state, good_position, bad_position, reference_effect,"
                    + " message, change_point_id, series_id, requested_by) values ('search',"
                    + " 'OrHighHigh', 'qps', 'bisect', 'europarl', 5, 20, true, ?, ?, ?, -0.3, ?,"
                    + " ?, ?, 'editor') returning id")
            .params(state, good, bad, m, changePoint, series)
            .query(Long.class)
            .single();
    for (int position = 0; position <= 4; position++) {
      jdbc.sql(
              "insert into bisect_commit (bisect_id, position, sha, subject, author, committed_at)"
                  + " values (?, ?, ?, ?, 'dev', now() - ? * interval '1 hour')")
          .params(id, position, sha(position), "subject " + position, 4 - position)
          .update();
    }
    return id;
  }

  private void probe(
      long bisect, int step, int position, long comparison, String verdict, Double effect) {
    jdbc.sql(
            "insert into bisect_probe (bisect_id, step, position, comparison_id, jvms, verdict,"
                + " effect, effect_low, effect_high) values (?, ?, ?, ?, 5, ?, ?, ?, ?)")
        .params(
            bisect,
            step,
            position,
            comparison,
            verdict,
            effect,
            effect == null ? null : effect - 0.02,
            effect == null ? null : effect + 0.02)
        .update();
  }

  private long comparison(String status) {
    long run = run(null, status);
    jdbc.sql(
            "insert into comparison (run_id, baseline_spec, candidate_spec, jvms)"
                + " values (?, 'git:a', 'git:b', 5)")
        .param(run)
        .update();
    return run;
  }

  private long run(String sha, String status) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                + " commit_sha) values ('git:main', '10.6.0', 'panel-machine', 'bisect',"
                + " 'europarl', ?, ?) returning id")
        .params(status, sha)
        .query(Long.class)
        .single();
  }
}
