package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.nightbench.lucene.ReleaseBranchesFixture;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.util.FileSystemUtils;

/**
 * A step between two release points bisects between the commits the releases recorded, from where
 * their branches part (a local repository shaped like Lucene's release branches, no network); and
 * where a point recorded no commit, the pages say why instead of offering a bisect the service
 * would refuse. No probe is measured: the test never steps the poller.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class ReleaseBisectTests {

  private static ReleaseBranchesFixture fixture;
  private static Path home;

  @Autowired MockMvc mvc;
  @Autowired BisectService bisects;
  @Autowired JdbcClient jdbc;

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry registry) {
    registry.add("nightbench.lucene.git.remote", () -> fixture().remote().toString());
    registry.add("nightbench.lucene.git.clone-directory", () -> home.resolve("clone").toString());
    registry.add("nightbench.lucene.git.builds-directory", () -> home.resolve("builds").toString());
    registry.add("nightbench.bisect.poll-interval", () -> "1h");
    registry.add("nightbench.webhooks.worker-enabled", () -> "false");
  }

  private static synchronized ReleaseBranchesFixture fixture() {
    if (fixture == null) {
      try {
        home = Files.createTempDirectory(Path.of("target"), "release-bisect").toAbsolutePath();
        fixture = ReleaseBranchesFixture.create(home);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
    return fixture;
  }

  @AfterAll
  static void cleanUp() throws IOException {
    if (home != null) {
      FileSystemUtils.deleteRecursively(home);
    }
  }

  @Test
  void aStepBetweenTwoReleasesBisectsFromWhereTheirBranchesPart() throws Exception {
    long series = series("release-bisect");
    long before = point(series, "10.5.2", fixture().release1052().getName(), 1);
    long after = point(series, "10.6.0", fixture().release1060().getName(), 2);
    long changePoint = changePoint(series, after, before);

    // The page offers the bisect, as the service will start it.
    String page =
        mvc.perform(
                get("/bisects")
                    .param("changePointId", String.valueOf(changePoint))
                    .with(TestUsers.editor()))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(page).contains("id=\"bisect-alert\"").doesNotContain("id=\"bisect-refusal\"");
    String offer =
        mvc.perform(
                get("/bisects").param("seriesId", String.valueOf(series)).with(TestUsers.editor()))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(offer).contains("id=\"bisect-series\"").doesNotContain("id=\"bisect-refusal\"");

    mvc.perform(
            post("/api/bisects")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"changePointId\": " + changePoint + "}")
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.good.sha").value(fixture().fork1052().getName()))
        .andExpect(jsonPath("$.bad.sha").value(fixture().release1060().getName()))
        .andExpect(jsonPath("$.commits.length()").value(4));
    for (Bisect b : bisects.forSeries(series)) {
      bisects.cancel(b.id(), "editor");
    }
  }

  @Test
  void aPointWithoutACommitIsSaidPlainlyAndNoFormOffersIt() throws Exception {
    long series = series("release-no-commit");
    long before = point(series, "9.8.0", null, 1);
    long after = point(series, "10.6.0", fixture().release1060().getName(), 2);
    long changePoint = changePoint(series, after, before);

    String page =
        mvc.perform(
                get("/bisects")
                    .param("changePointId", String.valueOf(changePoint))
                    .with(TestUsers.editor()))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(page)
        .contains("id=\"bisect-refusal\"")
        .contains("the point before it recorded none")
        .doesNotContain("id=\"bisect-alert\"");
    // What the page says is what the service answers.
    mvc.perform(
            post("/api/bisects")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"changePointId\": " + changePoint + "}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(org.hamcrest.Matchers.containsString("the point before it recorded none")));
    mvc.perform(
            post("/api/bisects")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"seriesId\": "
                        + series
                        + ", \"goodRunId\": "
                        + before
                        + ", \"badRunId\": "
                        + after
                        + "}")
                .with(TestUsers.editor()))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail")
                .value(
                    org.hamcrest.Matchers.containsString("run " + before + " recorded no commit")));
    String offer =
        mvc.perform(
                get("/bisects").param("seriesId", String.valueOf(series)).with(TestUsers.editor()))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(offer)
        .contains("id=\"bisect-refusal\"")
        .contains("fewer than two points of series " + series + " recorded a commit")
        .doesNotContain("id=\"bisect-series\"");
  }

  private long series(String fingerprint) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (? || gen_random_uuid(), 'search',"
                + " 'OrHighHigh', 'qps', 'q/s', true, 'release-machine', '25', 'europarl',"
                + " 'tiny') returning id")
        .param(fingerprint)
        .query(Long.class)
        .single();
  }

  /** A succeeded release run with the commit it recorded (or none) and its point. */
  private long point(long series, String version, String sha, int day) {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                    + " commit_sha) values (?, ?, 'release-machine', 'tiny', 'europarl',"
                    + " 'succeeded', ?) returning id")
            .params("maven:" + version, version, sha)
            .query(Long.class)
            .single();
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, samples)"
                + " values (?, ?, now() - make_interval(days => ?), 100, '{100}')")
        .params(series, run, 10 - day)
        .update();
    return run;
  }

  private long changePoint(long series, long run, long previousRun) {
    return jdbc.sql(
            "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                + " mean_after, relative_change, direction) values (?, ?, ?, now(), 100, 70,"
                + " -0.3, 'regression') returning id")
        .params(series, run, previousRun)
        .query(Long.class)
        .single();
  }
}
