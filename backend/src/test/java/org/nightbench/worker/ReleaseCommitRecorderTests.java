package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.jdk.JdkProperties;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.lucene.LuceneGitProperties;
import org.nightbench.lucene.MavenLuceneSpec;
import org.nightbench.lucene.ReleaseBranchesFixture;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunHistoryRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/**
 * A release run records the commit it was built from, as a git run does, against a local git
 * repository shaped like Lucene's release branches (no network): the manifest's sha, else the
 * release's tag; the previous release's commit in release order and the changes since it; and a
 * release whose commit cannot be known is a note, never a failure.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class ReleaseCommitRecorderTests {

  @Autowired RunHistoryRepository history;
  @Autowired RunRepository runs;
  @Autowired JdbcClient jdbc;
  @Autowired MockMvc mvc;

  @TempDir Path temp;
  private ReleaseBranchesFixture releases;
  private final List<String> log = new ArrayList<>();
  private final String machine = "release-commits-" + System.nanoTime();

  @BeforeEach
  void createRepository() throws IOException {
    releases = ReleaseBranchesFixture.create(temp);
  }

  @Test
  void theManifestsShaIsRecordedWithTheChangesSinceThePreviousRelease() throws Exception {
    GitLuceneBuilder git = git(releases.remote().toString());
    ReleaseCommitRecorder recorder = new ReleaseCommitRecorder(history, git);
    String sha1052 = releases.release1052().getName();
    String sha1060 = releases.release1060().getName();
    // Measured out of release order: 10.6.0's previous point is still 10.5.2, not 10.4.0.
    RunTry r1040 = run("10.4.0");
    RunTry r1052 = run("10.5.2");
    RunTry r1060 = run("10.6.0");
    assertThat(recorder.record(r1040, release("10.4.0", "a".repeat(40)), log::add)).isEmpty();
    assertThat(recorder.record(r1060, release("10.6.0", sha1060), log::add)).isEmpty();
    succeed(r1060);
    succeed(r1040);
    assertThat(recorder.record(r1052, release("10.5.2", sha1052), log::add)).isEmpty();
    succeed(r1052);
    // Again, as a requeued run would: now 10.5.2 is measured and comes before it.
    r1060 = startAgain(r1060);
    assertThat(recorder.record(r1060, release("10.6.0", sha1060), log::add)).isEmpty();

    // No clone (no git: run yet): the sha alone, the compare range, the commits not listed.
    Run recorded = runs.find(r1060.runId()).orElseThrow();
    assertThat(recorded.commitSha()).isEqualTo(sha1060);
    assertThat(recorded.commitAuthor()).isNull();
    mvc.perform(get("/api/runs/{id}/changes", r1060.runId()))
        .andExpect(jsonPath("$.previousCommitSha").value(sha1052))
        .andExpect(jsonPath("$.listed").value(false))
        .andExpect(jsonPath("$.commits.length()").value(0));
    String page =
        mvc.perform(get("/runs/{id}", r1060.runId()))
            .andReturn()
            .getResponse()
            .getContentAsString();
    assertThat(page)
        .contains("/compare/" + sha1052 + "..." + sha1060)
        .contains("id=\"run-changes-unlisted\"")
        .contains("the release's build commit, named by its jar");
    assertThat(log).anyMatch(l -> l.contains("was built from commit " + sha1060));

    // With a clone (after a git: run made one): the commit's details and the commits listed.
    git.head("main", log::add);
    r1060 = startAgain(r1060);
    assertThat(recorder.record(r1060, release("10.6.0", sha1060), log::add)).isEmpty();
    assertThat(runs.find(r1060.runId()).orElseThrow().commitSubject())
        .isEqualTo("Prepare 10.6.0 release");
    mvc.perform(get("/api/runs/{id}/changes", r1060.runId()))
        .andExpect(jsonPath("$.listed").value(true))
        .andExpect(jsonPath("$.commits[0].sha").value(sha1060))
        .andExpect(jsonPath("$.commits[1].sha").value(releases.main().get(3).getName()))
        .andExpect(jsonPath("$.commits.length()").value(3));
  }

  @Test
  void aTryThatNoLongerOwnsItsRunRecordsNothing() {
    ReleaseCommitRecorder recorder =
        new ReleaseCommitRecorder(history, git(releases.remote().toString()));
    RunTry frozen = run("10.6.0");
    // Another worker started the run over while this try's worker was frozen.
    RunTry current = startAgain(frozen);

    recorder.record(frozen, release("10.6.0", releases.release1060().getName()), log::add);
    history.recordMachineState(frozen, "{\"frozen\": true}");

    assertThat(runs.find(current.runId()).orElseThrow().commitSha()).isNull();
    assertThat(
            jdbc.sql("select machine_state is null from run where id = ?")
                .param(current.runId())
                .query(Boolean.class)
                .single())
        .isTrue();
  }

  @Test
  void withoutAShaInTheManifestTheReleasesTagNamesTheCommit() {
    ReleaseCommitRecorder recorder =
        new ReleaseCommitRecorder(history, git(releases.remote().toString()));
    RunTry r1052 = run("10.5.2");

    assertThat(recorder.record(r1052, release("10.5.2", null), log::add)).isEmpty();

    assertThat(runs.find(r1052.runId()).orElseThrow().commitSha())
        .isEqualTo(releases.release1052().getName());
    assertThat(log).anyMatch(l -> l.contains("(its tag in the git remote)"));
  }

  @Test
  void aReleaseWhoseCommitCannotBeKnownIsANoteNotAFailure() {
    ReleaseCommitRecorder untagged =
        new ReleaseCommitRecorder(history, git(releases.remote().toString()));
    RunTry r900 = run("9.0.0");
    Optional<String> note = untagged.record(r900, release("9.0.0", null), log::add);
    assertThat(note)
        .hasValueSatisfying(
            n ->
                assertThat(n)
                    .startsWith("commit unknown: lucene-core 9.0.0's manifest names no git commit")
                    .contains("the remote has no tag releases/lucene/9.0.0"));
    assertThat(runs.find(r900.runId()).orElseThrow().commitSha()).isNull();

    ReleaseCommitRecorder unreachable =
        new ReleaseCommitRecorder(history, git(temp.resolve("nowhere").toString()));
    RunTry r1060 = run("10.6.0");
    assertThat(unreachable.record(r1060, release("10.6.0", null), log::add))
        .hasValueSatisfying(n -> assertThat(n).contains("its tag could not be looked up"));
    assertThat(runs.find(r1060.runId()).orElseThrow().commitSha()).isNull();
  }

  private GitLuceneBuilder git(String remote) {
    return new GitLuceneBuilder(
        new LuceneGitProperties(
            remote,
            "main",
            temp.resolve("clone"),
            temp.resolve("builds"),
            List.of("true"),
            null,
            null),
        new JdkFinder(JdkProperties.defaults()));
  }

  private static ResolvedLucene release(String version, String manifestSha) {
    return new ResolvedLucene(
        new MavenLuceneSpec(version), version, List.of(), null, null, manifestSha);
  }

  /** A running run and its try, as a worker's start makes them. */
  private RunTry run(String version) {
    UUID token = UUID.randomUUID();
    long id =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                    + " try_token) values (?, ?, ?, 'nightly', 'wikimedium10k', 'running', ?)"
                    + " returning id")
            .params("maven:" + version, version, machine, token)
            .query(Long.class)
            .single();
    return new RunTry(runs.find(id).orElseThrow(), token);
  }

  /** The run started over by a new try, as a requeue does. */
  private RunTry startAgain(RunTry earlier) {
    UUID token = UUID.randomUUID();
    jdbc.sql("update run set status = 'running', try_token = ? where id = ?")
        .params(token, earlier.runId())
        .update();
    return new RunTry(runs.find(earlier.runId()).orElseThrow(), token);
  }

  private void succeed(RunTry run) {
    jdbc.sql("update run set status = 'succeeded' where id = ?").param(run.runId()).update();
  }
}
