package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The morning-after suspicion on stored series, night by night as ingestion calls it, on the real
 * database: a step is suspected the morning after its first night and later confirmed in the same
 * row with a person's triage kept; an outlying night is suspected and withdrawn, its row kept; the
 * alerts API, its stage filter and the overview's counts say which is which.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class SuspectedChangePointsTests {

  @Autowired ChangePointDetection detection;
  @Autowired ChangePointService changePoints;
  @Autowired JdbcClient jdbc;
  @Autowired MockMvc mvc;

  /** Appends {@code n} nights at {@code level}, detecting after each as ingestion would. */
  private List<Long> nightly(SeriesFixture series, int first, int n, double level) {
    List<Long> runs = series.nights(first, n, level);
    for (long run : runs) {
      detection.detectAfter(series.id, run);
    }
    return runs;
  }

  @Test
  void aStepIsSuspectedTheMorningAfterAndConfirmedLaterWithItsTriage() throws Exception {
    SeriesFixture series = new SeriesFixture(jdbc);
    nightly(series, 0, 60, 100);
    assertThat(series.stages()).isEmpty();

    long firstNight = nightly(series, 60, 1, 90).get(0);

    List<String> suspected = series.stages();
    assertThat(suspected).hasSize(1);
    assertThat(suspected.get(0)).endsWith(":" + firstNight + ":suspected:untriaged");
    long id = Long.parseLong(suspected.get(0).split(":")[0]);
    Alert alert = changePoints.alert(id);
    assertThat(alert.suspected()).isTrue();
    assertThat(alert.direction()).isEqualTo("regression");
    assertThat(alert.relativeChange()).isBetween(-0.13, -0.07);
    mvc.perform(get("/api/change-points").param("stage", "suspected"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$[?(@.id == " + id + ")].stage").value("suspected"));
    mvc.perform(get("/api/series/" + series.id + "/change-points"))
        .andExpect(jsonPath("$[0].stage").value("suspected"));
    mvc.perform(get("/api/series"))
        .andExpect(
            jsonPath("$[*].series[?(@.series.id == " + series.id + ")].suspectedChangePoints")
                .value(1));
    changePoints.triage(List.of(id), new Triage("investigating", "jane", null, null), "jane");

    nightly(series, 61, 12, 90);

    List<String> confirmed = series.stages();
    assertThat(confirmed).as("one row, confirmed where the detector placed it").hasSize(1);
    assertThat(confirmed.get(0)).startsWith(id + ":").endsWith(":confirmed:investigating");
    assertThat(changePoints.alert(id).assignee()).isEqualTo("jane");
    assertThat(series.changeRuns().get(0)).isBetween(firstNight - 2, firstNight + 2);
    assertThat(changePoints.changesSince(List.of(series.id), SeriesFixture.DAY0))
        .extracting(ChangePoint::stage)
        .containsExactly("confirmed");
    mvc.perform(get("/api/series"))
        .andExpect(
            jsonPath("$[*].series[?(@.series.id == " + series.id + ")].suspectedChangePoints")
                .value(0))
        .andExpect(
            jsonPath("$[*].series[?(@.series.id == " + series.id + ")].openChangePoints").value(1));
  }

  @Test
  void aConfirmationMovesASuspectedChangeToWhereTheDetectorPlacesTheStep() {
    SeriesFixture series = new SeriesFixture(jdbc);
    series.nights(0, 60, 100);
    List<Long> step = series.nights(60, 12, 90);
    // Suspected a night late (as a level first seen on its second night would be), and triaged.
    long id =
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, direction, stage, state, assignee)"
                    + " select ?, run_id, ?, x, 100, 90, -0.1, 'regression', 'suspected',"
                    + " 'investigating', 'jane' from measurement where run_id = ? returning id")
            .params(series.id, step.get(0), step.get(1))
            .query(Long.class)
            .single();

    detection.detectAfter(series.id, step.get(11));

    assertThat(series.stages())
        .containsExactly(id + ":" + step.get(0) + ":confirmed:investigating");
    assertThat(changePoints.alert(id).previousRunId()).isNotEqualTo(step.get(0));
  }

  @Test
  void anOutlyingNightIsSuspectedThenWithdrawnAndItsRowStays() throws Exception {
    SeriesFixture series = new SeriesFixture(jdbc);
    nightly(series, 0, 60, 100);
    long outlier = nightly(series, 60, 1, 88).get(0);
    assertThat(series.stages()).singleElement().asString().endsWith(":suspected:untriaged");

    nightly(series, 61, 3, 100);

    List<String> withdrawn = series.stages();
    assertThat(withdrawn).singleElement().asString().contains(":" + outlier + ":withdrawn:");
    long id = Long.parseLong(withdrawn.get(0).split(":")[0]);
    assertThat(
            changePoints.alerts(
                AlertsPageController.filter(null, null, null, null, null, null, 500)))
        .extracting(Alert::id)
        .doesNotContain(id);
    assertThat(
            changePoints.alerts(
                AlertsPageController.filter(
                    null, List.of("withdrawn"), null, null, null, null, 500)))
        .extracting(Alert::id)
        .contains(id);
    mvc.perform(get("/api/series"))
        .andExpect(
            jsonPath("$[*].series[?(@.series.id == " + series.id + ")].openChangePoints").value(0));
    // The digest's question: what changed in these series since a night.
    assertThat(changePoints.changesSince(List.of(series.id), SeriesFixture.DAY0)).isEmpty();
  }

  /**
   * A step at night 395 of 400, detected over the whole history at once (as after a backfill or a
   * change of the detector): suspected at night 395, its range and bisect 394…395, not at night 400
   * with the range 399…400, where nothing changed.
   */
  @Test
  void aStepSeveralNightsOldIsSuspectedOnTheNightItBegan() throws Exception {
    SeriesFixture series = new SeriesFixture(jdbc);
    List<Long> quiet = series.nights(0, 394, 100);
    List<Long> step = series.nights(394, 6, 90);
    commits(quiet);
    commits(step);

    detection.detectAll(series.id);

    assertThat(series.stages())
        .singleElement()
        .asString()
        .endsWith(":" + step.get(0) + ":suspected:untriaged");
    long id = Long.parseLong(series.stages().get(0).split(":")[0]);
    Alert alert = changePoints.alert(id);
    assertThat(alert.previousRunId()).isEqualTo(quiet.get(393));
    assertThat(alert.onsetNights()).isNull();
    assertThat(alert.relativeChange()).isBetween(-0.12, -0.08);
    String page =
        mvc.perform(get("/alerts").param("machine", series.machine))
            .andExpect(status().isOk())
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(page)
        .contains(sha(quiet.get(393)).substring(0, 7) + "…" + sha(step.get(0)).substring(0, 7))
        .contains("/bisects?changePointId=" + id)
        .doesNotContain(sha(step.get(5)).substring(0, 7))
        .doesNotContain("began within");
  }

  /**
   * Six nights of a step that landed before detection got to them (a batch of runs), the newest one
   * further down still, so that it stands out alone: detection after the first of them counts all
   * six as arrived together and places the suspicion at the step's first night; had they come one
   * by one, the newest night would have stood alone and stayed the onset.
   */
  @Test
  void nightsThatArrivedTogetherArePlacedAtTheStepsFirstNight() {
    SeriesFixture series = new SeriesFixture(jdbc);
    nightly(series, 0, 100, 100);
    List<Long> step = series.nights(100, 5, 90);
    step = new java.util.ArrayList<>(step);
    step.addAll(series.nights(105, 1, 76.5));

    detection.detectAfter(series.id, step.get(0));

    assertThat(series.stages())
        .singleElement()
        .asString()
        .endsWith(":" + step.get(0) + ":suspected:untriaged");
  }

  /** A suspicion whose first night is not known says over how many nights its range runs. */
  @Test
  void aSuspicionOverSeveralNightsSaysSo() throws Exception {
    SeriesFixture series = new SeriesFixture(jdbc);
    List<Long> runs = series.nights(0, 30, 100);
    long id =
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, direction, stage, onset_nights)"
                    + " select ?, run_id, ?, x, 100, 97, -0.03, 'regression', 'suspected', 4"
                    + " from measurement where run_id = ? returning id")
            .params(series.id, runs.get(25), runs.get(29))
            .query(Long.class)
            .single();

    mvc.perform(get("/alerts").param("machine", series.machine))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    org.hamcrest.Matchers.containsString(
                        "began within the 4 nights to run " + runs.get(29))));
    assertThat(changePoints.alert(id).commitRange())
        .isEqualTo("run " + runs.get(25) + " … run " + runs.get(29));
  }

  /**
   * "what got slower" compares the JFR profiles of the runs either side of an alert's range:
   * offered only where both have one.
   */
  @Test
  void whatGotSlowerIsOfferedOnlyWhereBothRunsHaveAProfile() throws Exception {
    SeriesFixture profiled = new SeriesFixture(jdbc);
    SeriesFixture plain = new SeriesFixture(jdbc);
    for (SeriesFixture series : List.of(profiled, plain)) {
      List<Long> runs = series.nights(0, 2, 100);
      jdbc.sql(
              "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                  + " mean_after, relative_change, direction)"
                  + " select ?, run_id, ?, x, 100, 90, -0.1, 'regression'"
                  + " from measurement where run_id = ?")
          .params(series.id, runs.get(0), runs.get(1))
          .update();
      if (series == profiled) {
        for (long run : runs) {
          jdbc.sql(
                  "insert into run_profile (run_id, side, benchmark, jvms, samples, collapsed)"
                      + " values (?, '', 'search', 1, 10, ?)")
              .params(run, new byte[] {1})
              .update();
        }
      }
    }

    mvc.perform(get("/alerts").param("machine", profiled.machine))
        .andExpect(content().string(org.hamcrest.Matchers.containsString("what got slower")));
    mvc.perform(get("/alerts").param("machine", plain.machine))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    org.hamcrest.Matchers.not(
                        org.hamcrest.Matchers.containsString("what got slower"))));
  }

  /** Gives each run a commit of its own, as a nightly of the main branch has. */
  private void commits(List<Long> runs) {
    for (long run : runs) {
      jdbc.sql("update run set commit_sha = ? where id = ?").params(sha(run), run).update();
    }
  }

  private static String sha(long run) {
    String hex = String.format("%016x", run * 0x9E3779B97F4A7C15L);
    return (hex + hex + hex).substring(0, 40);
  }

  @Test
  void anUnknownStageIsAOneLine400() throws Exception {
    mvc.perform(get("/api/change-points").param("stage", "maybe"))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value("unknown stage 'maybe': use suspected, confirmed, withdrawn"));
  }
}
