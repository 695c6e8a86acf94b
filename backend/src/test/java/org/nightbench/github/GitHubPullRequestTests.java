package org.nightbench.github;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.RefUpdate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.nightbench.comparisons.ComparisonService;
import org.nightbench.comparisons.ComparisonView;
import org.nightbench.lucene.GitFixture;
import org.nightbench.runs.RunStatus;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.util.FileSystemUtils;

/**
 * {@code /benchmark} comments end to end without the internet: signed deliveries to the webhook, a
 * local server playing GitHub's API, a local git repository publishing {@code refs/pull/N/head},
 * and real comparisons of the builds its commits make (9.12.3 at the merge base, 10.0.0 at the
 * head) through the real worker.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GitHubPullRequestTests {

  private static final String SECRET = "It's a Secret to Everybody";
  private static final String REPOSITORY = "apache/lucene";

  /** Each comment of these tests is a new comment to GitHub, with an id of its own. */
  private static final AtomicLong COMMENT_IDS = new AtomicLong(1_000);

  private static GitFixture fixture;
  private static Path home;
  private static FakeGitHub github;

  @Autowired MockMvc mvc;
  @Autowired PullRequestBenchmarks benchmarks;
  @Autowired ComparisonService comparisons;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry registry) {
    registry.add("nightbench.lucene.git.remote", () -> fixture().remote().toString());
    registry.add("nightbench.lucene.git.clone-directory", () -> home.resolve("clone").toString());
    registry.add("nightbench.lucene.git.builds-directory", () -> home.resolve("builds").toString());
    registry.add(
        "nightbench.lucene.git.build-command", () -> String.join(",", GitFixture.BUILD_COMMAND));
    registry.add("nightbench.github.enabled", () -> "true");
    registry.add("nightbench.github.webhook-secret", () -> SECRET);
    registry.add("nightbench.github.token", () -> "test-token");
    registry.add("nightbench.github.repository", () -> REPOSITORY);
    registry.add("nightbench.github.api-url", () -> github().url());
    registry.add("nightbench.github.dashboard-url", () -> "https://nightbench.example");
    registry.add("nightbench.github.trusted-users", () -> "friend");
    registry.add("nightbench.github.profile", () -> "tiny");
    registry.add("nightbench.github.jvms", () -> "2");
    // The test does each poller round itself.
    registry.add("nightbench.github.poll-interval", () -> "1h");
  }

  @AfterAll
  static void cleanUp() throws IOException {
    if (github != null) {
      github.close();
    }
    if (home != null) {
      FileSystemUtils.deleteRecursively(home);
    }
  }

  private static synchronized FakeGitHub github() {
    if (github == null) {
      try {
        github = new FakeGitHub();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return github;
  }

  /**
   * The fixture's history plus what GitHub adds: branch {@code release} at the first commit, pull
   * request 1 whose head is main (merge base: the first commit), pull request 2 whose head is the
   * branch whose build breaks.
   */
  private static synchronized GitFixture fixture() {
    if (fixture == null) {
      try {
        home = Files.createTempDirectory(Path.of("target"), "github-tests").toAbsolutePath();
        fixture = GitFixture.create(home, Path.of("target", "nightbench-test-m2").toAbsolutePath());
        try (Git git = Git.open(fixture.remote().toFile())) {
          git.branchCreate().setName("release").setStartPoint(fixture.first()).call();
          pullRef(git, 1, fixture.second().getName());
          pullRef(git, 2, fixture.broken().getName());
        }
      } catch (IOException | org.eclipse.jgit.api.errors.GitAPIException e) {
        throw new IllegalStateException(e);
      }
    }
    return fixture;
  }

  private static void pullRef(Git git, int number, String sha) throws IOException {
    RefUpdate update = git.getRepository().updateRef("refs/pull/" + number + "/head");
    update.setNewObjectId(org.eclipse.jgit.lib.ObjectId.fromString(sha));
    update.forceUpdate();
  }

  @Test
  @Order(1)
  void unsignedAndWronglySignedDeliveriesAreRefusedWithoutDetails() throws Exception {
    byte[] body = comment(1, "OWNER", "ada", "/benchmark search");
    mvc.perform(
            post("/api/github/webhook")
                .header("X-GitHub-Event", "issue_comment")
                .header("X-GitHub-Delivery", UUID.randomUUID().toString())
                .contentType("application/json")
                .content(body))
        .andExpect(status().isUnauthorized())
        .andExpect(content().string(""));
    mvc.perform(
            post("/api/github/webhook")
                .header("X-GitHub-Event", "issue_comment")
                .header("X-GitHub-Delivery", UUID.randomUUID().toString())
                .header("X-Hub-Signature-256", WebhookSignature.sign("not the secret", body))
                .contentType("application/json")
                .content(body))
        .andExpect(status().isUnauthorized())
        .andExpect(content().string(""));
    // Signed, but the body was changed on the way.
    mvc.perform(
            post("/api/github/webhook")
                .header("X-GitHub-Event", "issue_comment")
                .header("X-GitHub-Delivery", UUID.randomUUID().toString())
                .header("X-Hub-Signature-256", WebhookSignature.sign(SECRET, body))
                .contentType("application/json")
                .content(comment(1, "OWNER", "ada", "/benchmark full")))
        .andExpect(status().isUnauthorized());
    assertThat(stored()).isZero();
    deliver("ping", "{\"zen\":\"Keep it logically awesome.\"}".getBytes(StandardCharsets.UTF_8))
        .andExpect(status().isOk())
        .andExpect(content().string("pong"));
  }

  @Test
  @Order(2)
  void untrustedMalformedAndHelpCommandsAreAnsweredAndStartNothing() throws Exception {
    github.forget();
    deliver("issue_comment", comment(1, "NONE", "stranger", "/benchmark search"))
        .andExpect(status().isAccepted())
        .andExpect(content().string("refused"));
    deliver("issue_comment", comment(1, "NONE", "friend", "/benchmark dance --jvms 3"))
        .andExpect(status().isAccepted())
        .andExpect(content().string(org.hamcrest.Matchers.startsWith("answered: unknown command")));
    deliver("issue_comment", comment(1, "MEMBER", "bob", "/benchmark search --jvms 999"))
        .andExpect(status().isAccepted())
        .andExpect(content().string("answered: `--jvms` must be between 2 and 20"));
    deliver("issue_comment", comment(1, "COLLABORATOR", "carol", "/benchmark help"))
        .andExpect(status().isAccepted())
        .andExpect(content().string("answered"));
    // Not a command, and not a pull request: ignored, nothing stored or answered.
    deliver("issue_comment", comment(1, "OWNER", "ada", "LGTM, /benchmark later"))
        .andExpect(status().isAccepted());
    long before = stored();

    benchmarks.work();

    List<FakeGitHub.Call> posted =
        github.calls().stream().filter(c -> c.method().equals("POST")).toList();
    assertThat(posted).hasSize(4);
    assertThat(posted).allMatch(c -> c.path().equals("/repos/apache/lucene/issues/1/comments"));
    assertThat(posted).allMatch(c -> "Bearer test-token".equals(c.authorization()));
    assertThat(posted.get(0).body()).contains("Sorry @stranger");
    assertThat(posted.get(1).body()).contains("unknown command").contains("Usage:");
    assertThat(posted.get(2).body()).contains("between 2 and 20");
    assertThat(posted.get(3).body()).contains("Usage:");
    assertThat(comparisonsOfGitHub()).isZero();
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  @Order(3)
  void aSearchCommandComparesTheHeadWithItsMergeBaseAndEditsTheReplyWithTheTable()
      throws Exception {
    github.forget();
    String head = fixture().second().getName();
    String base = fixture().first().getName();
    github.pullRequest(head, "release");
    String delivery = UUID.randomUUID().toString();
    byte[] body = comment(1, "OWNER", "ada", "/benchmark search HighTerm\nPlease check.");
    deliver("issue_comment", body, delivery)
        .andExpect(status().isAccepted())
        .andExpect(content().string("queued"));
    // GitHub redelivers after a timeout: the same delivery starts nothing twice.
    deliver("issue_comment", body, delivery).andExpect(content().string("already received"));

    benchmarks.work();

    long id =
        jdbc.sql("select comparison_id from pull_request_benchmark where delivery = ?")
            .param(delivery)
            .query(Long.class)
            .single();
    ComparisonView queued = comparisons.get(id);
    assertThat(queued.baseline()).isEqualTo("git:" + base);
    assertThat(queued.candidate()).isEqualTo("git:" + head);
    assertThat(queued.categories()).containsExactly("HighTerm");
    assertThat(queued.benchmarks()).containsExactly("search");
    assertThat(queued.requestedBy()).isEqualTo("github:ada");
    FakeGitHub.Call reply = only("POST", "/repos/apache/lucene/issues/1/comments");
    assertThat(reply.body()).contains("https://nightbench.example/comparisons/" + id);
    assertThat(only("POST", "/repos/apache/lucene/statuses/" + head).body())
        .contains("\"state\":\"pending\"")
        .contains("nightbench/benchmark");

    QueuedRuns.runAll(dataSource, worker);
    ComparisonView done = comparisons.get(id);
    assertThat(done.status()).as("error: %s", done.error()).isEqualTo(RunStatus.SUCCEEDED);
    github.forget();

    benchmarks.work();

    FakeGitHub.Call edited = only("PATCH", "/repos/apache/lucene/issues/comments/");
    assertThat(edited.body())
        .contains("Results of `/benchmark search HighTerm`")
        .contains("faster")
        .contains("HighTerm")
        .contains("Baseline:  git:" + base)
        .contains("9.12.3")
        .contains("10.0.0");
    assertThat(only("POST", "/repos/apache/lucene/statuses/" + head).body())
        .contains("\"state\":\"success\"");
    assertThat(state(delivery)).isEqualTo("done");
  }

  @Test
  @Order(4)
  void aHeadThatDoesNotBuildIsReportedAsFailedWithTheLog() throws Exception {
    github.forget();
    String head = fixture().broken().getName();
    github.pullRequest(head, "main");
    String delivery = UUID.randomUUID().toString();
    deliver("issue_comment", comment(2, "OWNER", "ada", "/benchmark search HighTerm"), delivery)
        .andExpect(content().string("queued"));
    benchmarks.work();
    QueuedRuns.runAll(dataSource, worker);
    github.forget();

    benchmarks.work();

    long id = comparisonOf(delivery);
    FakeGitHub.Call edited = only("PATCH", "/repos/apache/lucene/issues/comments/");
    assertThat(edited.body()).contains("failed").contains("https://nightbench.example/runs/" + id);
    assertThat(only("POST", "/repos/apache/lucene/statuses/" + head).body())
        .contains("\"state\":\"failure\"");
    assertThat(state(delivery)).isEqualTo("failed");
  }

  @Test
  @Order(5)
  void aNewCommandCancelsTheOlderOnesQueuedComparison() throws Exception {
    github.pullRequest(fixture().second().getName(), "release");
    String first = UUID.randomUUID().toString();
    deliver("issue_comment", comment(1, "OWNER", "ada", "/benchmark search HighTerm"), first);
    benchmarks.work();
    long older = comparisonOf(first);
    github.forget();
    String second = UUID.randomUUID().toString();
    deliver("issue_comment", comment(1, "OWNER", "ada", "/benchmark full MedTerm"), second);

    benchmarks.work();

    assertThat(comparisons.get(older).status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(state(first)).isEqualTo("superseded");
    assertThat(only("PATCH", "/repos/apache/lucene/issues/comments/").body())
        .contains("superseded");
    long newer = comparisonOf(second);
    assertThat(comparisons.get(newer).benchmarks()).containsExactly("indexing", "search");
    comparisons.cancel(newer); // nothing left queued for other tests' workers
  }

  @Test
  @Order(5)
  void aKnnCommandAsksForAKnnComparison() throws Exception {
    github.pullRequest(fixture().second().getName(), "release");
    github.forget();
    String delivery = UUID.randomUUID().toString();
    deliver("issue_comment", comment(1, "OWNER", "ada", "/benchmark knn HighTerm"), delivery);

    benchmarks.work();

    // The comparisons refuse it for this test's profile, which has no KNN settings: proof that
    // the command asked for a knn comparison, and that the refusal
    // reaches the pull request in one line.
    String error =
        jdbc.sql("select error from pull_request_benchmark where delivery = ?")
            .param(delivery)
            .query(String.class)
            .single();
    assertThat(state(delivery)).isEqualTo("failed");
    assertThat(error).isEqualTo("profile tiny has no knn settings");
    assertThat(only("POST", "/repos/apache/lucene/issues/1/comments").body()).contains(error);
  }

  @Test
  @Order(6)
  void aReplyThatFailsIsRetriedWithoutQueueingTheComparisonTwice() throws Exception {
    github.pullRequest(fixture().second().getName(), "release");
    // Down for the whole first round: the start's reply and the running command's retry.
    github.failComments(2);
    long before = comparisonsOfGitHub();
    String delivery = UUID.randomUUID().toString();
    deliver("issue_comment", comment(1, "OWNER", "ada", "/benchmark search HighTerm"), delivery);

    benchmarks.work(); // the comparison is queued, the reply fails
    long queued = comparisonOf(delivery);
    assertThat(state(delivery)).isEqualTo("running");
    github.forget();
    benchmarks.work(); // GitHub is back: the reply is posted, nothing is queued again

    assertThat(comparisonsOfGitHub()).isEqualTo(before + 1);
    assertThat(comparisonOf(delivery)).isEqualTo(queued);
    assertThat(only("POST", "/repos/apache/lucene/issues/1/comments").body())
        .contains("https://nightbench.example/comparisons/" + queued);
    github.forget();
    benchmarks.work(); // and only once
    assertThat(github.calls()).noneMatch(call -> call.path().endsWith("/issues/1/comments"));
    comparisons.cancel(queued);
  }

  @Test
  @Order(7)
  void aPullRequestThatCannotBeFetchedIsAnsweredWithoutTheServersRemoteOrPaths() throws Exception {
    github.forget();
    github.pullRequest(fixture().second().getName(), "main");
    String delivery = UUID.randomUUID().toString();
    deliver("issue_comment", comment(99, "OWNER", "ada", "/benchmark search HighTerm"), delivery)
        .andExpect(content().string("queued"));

    benchmarks.work();

    String reply = only("POST", "/repos/apache/lucene/issues/99/comments").body();
    assertThat(reply).contains("Could not start").contains("the Lucene remote");
    assertThat(reply).doesNotContain(fixture().remote().toString()).doesNotContain(home.toString());
    assertThat(github.calls())
        .as("no comment or status names a path of the server")
        .noneMatch(call -> call.body().contains(home.toString()));
    assertThat(state(delivery)).isEqualTo("failed");
  }

  @Test
  @Order(100)
  void aReplayedCommentWithANewDeliveryIdStartsNothingAgain() throws Exception {
    byte[] body = comment(3, "NONE", "replayer", "/benchmark search");
    String first = UUID.randomUUID().toString();
    deliver("issue_comment", body, first)
        .andExpect(status().isAccepted())
        .andExpect(content().string("refused"));
    long before = stored();

    // The same signed body, replayed with a delivery header of the attacker's choosing.
    deliver("issue_comment", body, UUID.randomUUID().toString())
        .andExpect(status().isAccepted())
        .andExpect(content().string("already received"));

    assertThat(stored()).isEqualTo(before);
    jdbc.sql("update pull_request_benchmark set state = 'done' where delivery = ?")
        .param(first)
        .update();
  }

  @Test
  @Order(101)
  void aSignedCommentWithABadNumberOrIdIsAOneLine400() throws Exception {
    long before = stored();
    for (String[] bad :
        new String[][] {
          {"-1", "1", "issue.number must be a positive integer"},
          {"0", "1", "issue.number must be a positive integer"},
          {"1.5", "1", "issue.number must be a positive integer"},
          {"1", "-5", "comment.id must be a positive integer"},
          {"1", "\"x\"", "comment.id must be a positive integer"},
        }) {
      String json =
          """
          {"action":"created","issue":{"number":%s,"pull_request":{}},
           "comment":{"id":%s,"body":"/benchmark search","author_association":"OWNER",
           "user":{"login":"ada"}},"repository":{"full_name":"%s"}}"""
              .formatted(bad[0], bad[1], REPOSITORY);
      deliver("issue_comment", json.getBytes(StandardCharsets.UTF_8))
          .andExpect(status().isBadRequest())
          .andExpect(content().string(bad[2]));
    }
    assertThat(stored()).isEqualTo(before);
  }

  private ResultActions deliver(String event, byte[] body) throws Exception {
    return deliver(event, body, UUID.randomUUID().toString());
  }

  private ResultActions deliver(String event, byte[] body, String delivery) throws Exception {
    return mvc.perform(
        post("/api/github/webhook")
            .header("X-GitHub-Event", event)
            .header("X-GitHub-Delivery", delivery)
            .header("X-Hub-Signature-256", WebhookSignature.sign(SECRET, body))
            .contentType("application/json")
            .content(body));
  }

  /** An {@code issue_comment} payload as GitHub sends it, cut to the fields that matter. */
  private static byte[] comment(int pull, String association, String login, String text) {
    String json =
        """
        {"action":"created",
         "issue":{"number":%d,"pull_request":{"url":"https://api.github.com/repos/%s/pulls/%d"}},
         "comment":{"id":%d,"body":%s,"author_association":"%s","user":{"login":"%s"}},
         "repository":{"full_name":"%s"}}"""
            .formatted(
                pull,
                REPOSITORY,
                pull,
                COMMENT_IDS.incrementAndGet(),
                "\"" + text.replace("\n", "\\n") + "\"",
                association,
                login,
                REPOSITORY);
    return json.getBytes(StandardCharsets.UTF_8);
  }

  private FakeGitHub.Call only(String method, String pathStart) {
    List<FakeGitHub.Call> found =
        github.calls().stream()
            .filter(c -> c.method().equals(method) && c.path().startsWith(pathStart))
            .toList();
    assertThat(found).as("%s %s in %s", method, pathStart, github.calls()).hasSize(1);
    return found.get(0);
  }

  private long stored() {
    return jdbc.sql("select count(*) from pull_request_benchmark").query(Long.class).single();
  }

  private long comparisonsOfGitHub() {
    return jdbc.sql("select count(*) from run where requested_by like 'github:%'")
        .query(Long.class)
        .single();
  }

  private long comparisonOf(String delivery) {
    return jdbc.sql("select comparison_id from pull_request_benchmark where delivery = ?")
        .param(delivery)
        .query(Long.class)
        .single();
  }

  private String state(String delivery) {
    return jdbc.sql("select state from pull_request_benchmark where delivery = ?")
        .param(delivery)
        .query(String.class)
        .single();
  }
}
