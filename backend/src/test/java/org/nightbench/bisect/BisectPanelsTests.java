package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.nightbench.bisect.StoredBisects.Scenario;
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

  @Test
  void theAlertRowShowsTheResultProbesDiffAndAnnotateToEditorsAndARunningOnesProgress()
      throws Exception {
    Scenario s = new StoredBisects(jdbc).scenario();
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
    Scenario s = new StoredBisects(jdbc).scenario();
    String page = page("/series/" + s.series(), TestUsers.editor());
    assertShowsBothBisects(s, page);
    // Outside any form: a form of its own.
    assertThat(page)
        .contains("method=\"post\" action=\"/bisects/" + s.found() + "/annotation\"")
        .doesNotContain("formaction");
    assertThat(page("/series/" + s.series(), TestUsers.viewer()))
        .contains(StoredBisects.sha(3))
        .doesNotContain("bisect-annotate");

    mvc.perform(post("/bisects/" + s.found() + "/annotation").with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection());
    String annotated = page("/series/" + s.series(), TestUsers.editor());
    assertThat(annotated).contains("class=\"bisect-annotated\"");
    assertThat(panel(annotated, s.found())).doesNotContain("bisect-annotate\"");
  }

  @Test
  void theBisectJsonAndPageLinkTheCulpritAgainstItsParentsProfile() throws Exception {
    Scenario s = new StoredBisects(jdbc).scenario();
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
        .contains("id=\"bisect-culprit-profile-diff\" href=\"" + html(diffPath(s)) + "\"")
        // Back to its alert's row on the alerts page (which has no filter by id).
        .contains("href=\"/alerts#alert-" + s.changePoint() + "\"");
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
        .contains(StoredBisects.sha(3))
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
        .contains(
            StoredBisects.sha(0).substring(0, 7) + ".." + StoredBisects.sha(4).substring(0, 7))
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
}
