package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nightbench.users.TestUsers.editor;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.nightbench.lucene.GitFixture;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
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
 * A {@code git:} run end to end through the real worker: clone and build from a local repository
 * fixture, forked harness JVMs, the commit on the run, its page and the series points.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class GitRunTests {

  private static GitFixture fixture;
  private static Path home;

  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;
  @Autowired MockMvc mvc;

  @DynamicPropertySource
  static void gitRemote(DynamicPropertyRegistry registry) {
    registry.add("nightbench.lucene.git.remote", () -> fixture().remote().toString());
    registry.add("nightbench.lucene.git.clone-directory", () -> home.resolve("clone").toString());
    registry.add("nightbench.lucene.git.builds-directory", () -> home.resolve("builds").toString());
    registry.add(
        "nightbench.lucene.git.build-command", () -> String.join(",", GitFixture.BUILD_COMMAND));
    registry.add("nightbench.lucene.git.web-url", () -> "https://git.example.org/lucene");
  }

  @AfterAll
  static void deleteFixture() throws IOException {
    if (home != null) {
      FileSystemUtils.deleteRecursively(home);
    }
  }

  private static synchronized GitFixture fixture() {
    if (fixture == null) {
      try {
        home = Files.createTempDirectory(Path.of("target"), "git-run-tests").toAbsolutePath();
        fixture = GitFixture.create(home, Path.of("target", "nightbench-test-m2").toAbsolutePath());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return fixture;
  }

  @Test
  void aGitShaIsBuiltMeasuredAndItsCommitRecorded() throws Exception {
    String sha = fixture().second().getName();
    Run queued = runs.enqueue("git:" + sha.substring(0, 7), "brief", null, "manual");

    QueuedRuns.runAll(dataSource, worker);
    Run done = runs.find(queued.id()).orElseThrow();

    assertThat(done.id()).isEqualTo(queued.id());
    assertThat(done.error()).isNull();
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(done.luceneVersion()).isEqualTo("10.0.0");
    assertThat(done.revisionDate()).isEqualTo(GitFixture.SECOND_DATE);
    assertThat(done.commitSha()).isEqualTo(sha);
    assertThat(done.commitAuthor()).isEqualTo("Ada Lovelace");
    assertThat(done.commitDate()).isEqualTo(GitFixture.SECOND_DATE);
    assertThat(done.commitSubject()).isEqualTo("Upgrade to 10.0.0");
    assertThat(runs.log(done.id(), 0)).contains("building");

    long series =
        jdbc.sql(
                "select s.id from series s join measurement m on m.series_id = s.id"
                    + " where m.run_id = :run and s.metric = 'docsPerSec'")
            .param("run", done.id())
            .query(Long.class)
            .single();
    mvc.perform(get("/api/series/" + series + "/points"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.points[0][3]").value(done.id()))
        .andExpect(jsonPath("$.points[0][4]").value("git:" + sha.substring(0, 7)));
    // The chart asks the run for its commit: the points carry none.
    mvc.perform(get("/api/runs/" + done.id()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.commitSha").value(sha));
    mvc.perform(get("/series/" + series))
        .andExpect(content().string(Matchers.containsString("https://git.example.org/lucene")));
    mvc.perform(get("/runs/" + done.id()))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    Matchers.allOf(
                        Matchers.containsString(
                            "href=\"https://git.example.org/lucene/commit/" + sha + "\""),
                        Matchers.containsString("Upgrade to 10.0.0"),
                        Matchers.containsString("Ada Lovelace"))));
  }

  @Test
  void aRunRecordsTheCommitsSinceThePreviousMeasuredCommit() throws Exception {
    String first = fixture().first().getName();
    String second = fixture().second().getName();
    Run older = runs.enqueue("git:" + first, "brief", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    Run newer = runs.enqueue("git:" + second, "brief", null, "manual");
    QueuedRuns.runAll(dataSource, worker);

    assertThat(runs.find(newer.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(runs.changes(older.id())).contains(RunChanges.NONE);
    RunChanges changes = runs.changes(newer.id()).orElseThrow();
    assertThat(changes.previousCommitSha()).isEqualTo(first);
    assertThat(changes.commits())
        .containsExactly(
            new RunChange(second, "Ada Lovelace", GitFixture.SECOND_DATE, "Upgrade to 10.0.0"));
    assertThat(runs.log(newer.id(), 0)).contains("1 commit since " + first.substring(0, 7));

    mvc.perform(get("/api/runs/" + newer.id() + "/changes"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.previousCommitSha").value(first))
        .andExpect(jsonPath("$.commits.length()").value(1))
        .andExpect(jsonPath("$.commits[0].sha").value(second))
        .andExpect(jsonPath("$.commits[0].author").value("Ada Lovelace"))
        .andExpect(jsonPath("$.commits[0].subject").value("Upgrade to 10.0.0"))
        .andExpect(jsonPath("$.commits[0].date").value(GitFixture.SECOND_DATE.toString()));
    mvc.perform(get("/api/runs/" + older.id() + "/changes"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.previousCommitSha").doesNotExist())
        .andExpect(jsonPath("$.commits.length()").value(0));
    mvc.perform(get("/api/runs/999999999/changes")).andExpect(status().isNotFound());
    mvc.perform(get("/api/runs/" + newer.id() + "/changes.csv"))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    "sha,author,date,subject\n"
                        + second
                        + ",Ada Lovelace,"
                        + GitFixture.SECOND_DATE
                        + ",Upgrade to 10.0.0\n"));
    mvc.perform(get("/runs/" + newer.id()))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    Matchers.allOf(
                        Matchers.containsString("Changes since the previous point"),
                        Matchers.containsString(
                            "href=\"https://git.example.org/lucene/compare/"
                                + first
                                + "..."
                                + second
                                + "\""))));
    mvc.perform(get("/runs/" + older.id()))
        .andExpect(status().isOk())
        .andExpect(
            content().string(Matchers.not(Matchers.containsString("Changes since the previous"))));
  }

  @Test
  void gitHistoryBackfillsQueueOneRunPerPickedCommit() throws Exception {
    String first = "git:" + fixture().first().getName();
    String second = "git:" + fixture().second().getName();

    List<String> byCommits = backfill("{\"commitRange\": {\"from\": \"v1\", \"to\": \"main\"}}");
    List<String> byDays =
        backfill("{\"dateRange\": {\"from\": \"2026-01-04\", \"to\": \"2026-03-01\"}}");

    assertThat(byCommits).containsExactly(second);
    assertThat(byDays).containsExactly(first, second);
  }

  /** Queues a backfill, cancels what it queued, and returns the queued specs in order. */
  private List<String> backfill(String body) throws Exception {
    String json =
        mvc.perform(
                post("/api/backfill")
                    .with(editor())
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(body))
            .andExpect(status().isCreated())
            .andReturn()
            .getResponse()
            .getContentAsString();
    List<Integer> ids = JsonPath.read(json, "$[*].id");
    ids.forEach(id -> runs.cancel(id));
    return JsonPath.read(json, "$[*].luceneSpec");
  }
}
