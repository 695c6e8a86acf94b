package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.nightbench.comparisons.ComparisonService;
import org.nightbench.comparisons.ComparisonView;
import org.nightbench.users.TestUsers;
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
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.util.FileSystemUtils;

/**
 * A bisect end to end: a local git repository whose commits build real Lucene jars (9.12.3 before
 * the change, 10.6.0 from it on, one commit that does not build, a merged side branch), real
 * comparisons in forked JVMs through the real worker, and the bisect naming the commit that made
 * OrHighHigh slower.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
// Judges real measurements: runs in the build's single-JVM pass, never beside other tests.
@Tag("measuring")
class BisectRunTests {

  private static BisectFixture fixture;
  private static Path home;

  @Autowired MockMvc mvc;
  @Autowired BisectSteps steps;
  @Autowired BisectService bisects;
  @Autowired ComparisonService comparisons;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry registry) {
    registry.add("nightbench.lucene.git.remote", () -> fixture().remote().toString());
    registry.add("nightbench.lucene.git.clone-directory", () -> home.resolve("clone").toString());
    registry.add("nightbench.lucene.git.builds-directory", () -> home.resolve("builds").toString());
    registry.add("nightbench.lucene.git.build-command", () -> "sh,build.sh");
    // Its own work directory: no query index kept by an earlier run of the test is reused.
    registry.add(
        "nightbench.runner.work-directory",
        () -> fixture().remote().getParent().resolve("work").toString());
    // The test takes each poller step itself.
    registry.add("nightbench.bisect.poll-interval", () -> "1h");
    registry.add("nightbench.webhooks.urls", () -> "http://127.0.0.1:9/bisect-hook");
    registry.add("nightbench.webhooks.worker-enabled", () -> "false");
    // bisect: a tiny corpus, so a probe costs seconds: europarl's first 5,000 documents in 1 KB
    // documents. A probe runs every task, as a nightly run does (see ProbeRequests): there, after
    // up to 3 s of warm-up, 10.6.0 is half as fast as 9.12.3 on OrHighHigh, 9.12.3's JVMs within
    // ±5 % of each other and 10.6.0's within ±12 % (5 JVMs a side, load 1.4-2). With 1 s, 9.12.3's
    // JVMs spread from 5.9 K to 9.5 K QPS, and three of them against three others of the very
    // same jars once measured -32 %, enough to call a commit before the change different.
    String p = "nightbench.runner.profiles.bisect.";
    registry.add(p + "max-docs", () -> "5000");
    registry.add(p + "search-jvms", () -> "1");
    registry.add(p + "search.repetitions", () -> "20");
    registry.add(p + "search.warmup", () -> "10");
    registry.add(p + "generate-tasks.per-category", () -> "5");
    registry.add(p + "task-seed", () -> "20260101");
    registry.add(p + "search.max-warmup-sec", () -> "3");
    registry.add(
        p + "jvm-args",
        () ->
            "-Xms512m,-Xmx512m,-XX:+UseParallelGC,--add-modules=jdk.incubator.vector,"
                + "--enable-native-access=ALL-UNNAMED");
    registry.add(p + "indexing[0].variant", () -> "1kb-docs");
    registry.add(p + "indexing[0].ram-buffer-mb", () -> "32");
    registry.add(p + "indexing[0].doc-chars", () -> "1024");
    registry.add(p + "indexing[0].threads", () -> "2");
  }

  private static synchronized BisectFixture fixture() {
    if (fixture == null) {
      try {
        home = Files.createTempDirectory(Path.of("target"), "bisect-tests").toAbsolutePath();
        fixture =
            BisectFixture.create(home, Path.of("target", "nightbench-test-m2").toAbsolutePath());
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
  void hostileRequestsAreRefusedWithOneLine() throws Exception {
    int before = bisects.recent(500).size();
    String good = sha(0);
    String bad = sha(8);
    refused(body("0000000", bad, "OrHighHigh"), "was not found");
    refused(body(bad, good, "OrHighHigh"), "is not on the first-parent line");
    refused(body(fixture().side().getName(), bad, "OrHighHigh"), "is not on the first-parent line");
    refused(body(good, good, "OrHighHigh"), "are the same commit");
    refused(body(good, bad, "NoSuchTask"), "unknown search task NoSuchTask");
    refused(body(good, bad, "Or;rm -rf"), "is no task name");
    refused(body("--upload-pack=x", bad, "OrHighHigh"), "not a valid git ref");
    refused("{\"good\": \"" + good + "\"}", "needs good and bad commits");
    refused("{\"changePointId\": 999999}", "999999");
    refused(
        "{\"good\":\""
            + good
            + "\",\"bad\":\""
            + bad
            + "\",\"benchmark\":\"search\","
            + "\"task\":\"OrHighHigh\",\"metric\":\"qps\",\"jvms\":3,\"maxJvms\":2}",
        "maxJvms");
    mvc.perform(
            post("/api/bisects")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body(good, bad, "OrHighHigh"))
                .with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    assertThat(bisects.recent(500)).hasSize(before);
  }

  /**
   * Five or so real comparisons of a tiny corpus (the ends, the unbuildable commit, two or three
   * probes); a probe judged unknown adds JVMs whose samples pool with its earlier ones.
   */
  @Test
  void theBisectNamesTheCommitThatMadeOrHighHighSlowerSkippingTheOneThatDoesNotBuild()
      throws Exception {
    String started =
        mvc.perform(
                post("/api/bisects")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content(
                        "{\"good\":\""
                            + sha(0)
                            + "\",\"bad\":\"main\",\"benchmark\":\"search\","
                            + "\"task\":\"OrHighHigh\",\"metric\":\"qps\",\"jvms\":3,"
                            + "\"maxJvms\":12,\"profile\":\"bisect\"}")
                    .with(TestUsers.editor()))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.bisect.state").value("running"))
            .andExpect(jsonPath("$.commits.length()").value(9))
            .andReturn()
            .getResponse()
            .getHeader("Location");
    long id = Long.parseLong(started.replace("/api/bisects/", ""));
    steps.work();
    mvc.perform(get("/bisects/" + id).with(TestUsers.editor()))
        .andExpect(status().isOk())
        .andExpect(content().string(org.hamcrest.Matchers.containsString("measuring the ends")))
        .andExpect(content().string(org.hamcrest.Matchers.containsString("bisect-cancel")));

    for (int round = 0; round < 30 && bisects.view(id).bisect().running(); round++) {
      steps.work();
      QueuedRuns.runAll(dataSource, worker);
    }

    BisectView done = bisects.view(id);
    printPhases(done);
    String probes = done.probes().toString();
    assertThat(done.bisect().state())
        .as("%s; %s", done.bisect().message(), probes)
        .isEqualTo("found");
    assertThat(done.culprit().sha()).as(probes).isEqualTo(sha(BisectFixture.CHANGE));
    assertThat(done.bisect().referenceEffect()).isNegative();
    List<BisectProbe> probed = done.probes();
    assertThat(probed)
        .anySatisfy(
            p -> {
              assertThat(p.position()).isEqualTo(BisectFixture.BROKEN);
              assertThat(p.verdict()).isEqualTo(ProbeVerdict.UNBUILDABLE);
            });
    assertThat(done.commits().get(BisectFixture.BROKEN).unbuildable()).isTrue();
    // The ends, then about log2(8) probes (a few more when one stayed unknown and was retried).
    assertThat(probed.stream().filter(p -> !p.ends()).map(BisectProbe::step).distinct().count())
        .isBetween(3L, 4L);
    assertThat(done.culpritComparisonId()).isNotNull();
    // Each commit's query index is built once: the good end's serves every later probe.
    assertThat(
            jdbc.sql(
                    "select count(*) from run_log where line like '%reusing the index an earlier"
                        + " comparison built%'")
                .query(Long.class)
                .single())
        .as(probes)
        .isPositive();
    assertThat(done.probes())
        .filteredOn(p -> p.verdict() == ProbeVerdict.DIFFERENT || p.verdict() == ProbeVerdict.SAME)
        .allSatisfy(p -> assertThat(p.effect()).isNotNull());

    String payload =
        jdbc.sql("select payload::text from webhook_delivery where bisect_id = ?")
            .param(id)
            .query(String.class)
            .single();
    assertThat(payload).contains(sha(BisectFixture.CHANGE)).contains("\"state\": \"found\"");

    mvc.perform(get("/bisects/" + id))
        .andExpect(status().isOk())
        .andExpect(
            content().string(org.hamcrest.Matchers.containsString(sha(BisectFixture.CHANGE))))
        .andExpect(content().string(org.hamcrest.Matchers.containsString("Upgrade to 10.6.0")))
        .andExpect(
            content()
                .string(
                    org.hamcrest.Matchers.containsString(
                        "/comparisons/" + done.culpritComparisonId())));
    mvc.perform(post("/api/bisects/" + id + "/annotation").with(TestUsers.editor()))
        .andExpect(status().isOk())
        .andExpect(
            jsonPath("$.shortText")
                .value(org.hamcrest.Matchers.containsString("Upgrade to 10.6.0")));
    assertThat(bisects.view(id).bisect().annotationId()).isNotNull();
    mvc.perform(post("/api/bisects/" + id + "/cancel").with(TestUsers.editor()))
        .andExpect(status().isConflict());
  }

  @Test
  void anAlertOrTwoPointsOfAGitSeriesGiveTheRangeAndMeasurementAndABisectCancels()
      throws Exception {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values ('bisect-test', 'search',"
                    + " 'OrHighHigh', 'qps', 'q/s', true, 'test-machine', '25', 'europarl',"
                    + " 'bisect') returning id")
            .query(Long.class)
            .single();
    long before = point(series, 0, 100);
    long after = point(series, 8, 70);
    long changePoint =
        jdbc.sql(
                "insert into change_point (series_id, run_id, previous_run_id, x, mean_before,"
                    + " mean_after, relative_change, direction) values (?, ?, ?, now(), 100, 70,"
                    + " -0.3, 'regression') returning id")
            .params(series, after, before)
            .query(Long.class)
            .single();

    BisectView fromAlert =
        bisects.start(
            new BisectRequest(
                null,
                null,
                null,
                null,
                null,
                changePoint,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null),
            "editor");
    assertThat(fromAlert.good().sha()).isEqualTo(sha(0));
    assertThat(fromAlert.bad().sha()).isEqualTo(sha(8));
    assertThat(fromAlert.bisect().task()).isEqualTo("OrHighHigh");
    assertThat(fromAlert.bisect().profile()).isEqualTo("bisect");
    assertThat(fromAlert.bisect().seriesId()).isEqualTo(series);
    steps.work(); // queues the ends' comparison
    long comparison = bisects.view(fromAlert.bisect().id()).probes().get(0).comparisonId();
    mvc.perform(post("/bisects/" + fromAlert.bisect().id() + "/cancel").with(TestUsers.editor()))
        .andExpect(status().is3xxRedirection());
    assertThat(bisects.view(fromAlert.bisect().id()).bisect().state()).isEqualTo("cancelled");
    assertThat(
            jdbc.sql("select status from run where id = ?")
                .param(comparison)
                .query(String.class)
                .single())
        .isEqualTo("cancelled");
    mvc.perform(get("/bisects").param("changePointId", String.valueOf(changePoint)))
        .andExpect(status().isOk())
        .andExpect(content().string(org.hamcrest.Matchers.containsString("cancelled by editor")));

    String points =
        "{\"seriesId\":" + series + ",\"goodRunId\":" + before + ",\"badRunId\":" + after + "}";
    mvc.perform(
            post("/api/bisects")
                .contentType(MediaType.APPLICATION_JSON)
                .content(points)
                .with(TestUsers.editor()))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.bisect.seriesId").value(series))
        .andExpect(jsonPath("$.good.sha").value(sha(0)));
    refused(
        "{\"seriesId\":" + series + ",\"goodRunId\":" + before + ",\"badRunId\":99999}",
        "is no point of series");
    for (Bisect b : bisects.forSeries(series)) {
      if (b.running()) {
        bisects.cancel(b.id(), "editor");
      }
    }
  }

  /**
   * Where the time went: per probe its comparison's phases (the log's "==" lines) with the seconds
   * each took, on the test's output, so a slow run shows its cause.
   */
  private void printPhases(BisectView done) {
    StringBuilder out = new StringBuilder("bisect phases:\n");
    for (BisectProbe p : done.probes()) {
      out.append(
          String.format(
              java.util.Locale.ROOT,
              "probe step %d commit %d, %d JVMs: %s %s [%s, %s] %s%n",
              p.step(),
              p.position(),
              p.jvms(),
              p.verdict(),
              p.effect(),
              p.effectLow(),
              p.effectHigh(),
              p.note()));
      ComparisonView comparison = comparisons.get(p.comparisonId());
      if (comparison.result() != null) {
        comparison.result().tables().stream()
            .filter(t -> t.benchmark().equals("search") && t.metric().equals("qps"))
            .flatMap(t -> t.samples().stream())
            .filter(s -> s.task().equals("OrHighHigh"))
            .forEach(
                s ->
                    out.append("  per JVM: good end ")
                        .append(java.util.Arrays.toString(s.baseline()))
                        .append(", probe ")
                        .append(java.util.Arrays.toString(s.candidate()))
                        .append('\n'));
      }
      List<java.util.Map<String, Object>> lines =
          jdbc.sql(
                  "select extract(epoch from logged_at) as at, line from run_log where run_id = ?"
                      + " and (line like '== %' or line_no = (select max(line_no) from run_log"
                      + " where run_id = ?)) order by line_no")
              .params(p.comparisonId(), p.comparisonId())
              .query()
              .listOfRows();
      for (int i = 0; i + 1 < lines.size(); i++) {
        double seconds =
            ((Number) lines.get(i + 1).get("at")).doubleValue()
                - ((Number) lines.get(i).get("at")).doubleValue();
        out.append(
            String.format(
                java.util.Locale.ROOT, "  %6.1f s  %s%n", seconds, lines.get(i).get("line")));
      }
    }
    System.out.print(out);
  }

  /** A run of {@code sha(position)} and its point in the series. */
  private long point(long series, int position, double value) {
    long run =
        jdbc.sql(
                "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status,"
                    + " commit_sha) values ('git:main', '10.6.0', 'test-machine', 'bisect',"
                    + " 'europarl', 'succeeded', ?) returning id")
            .param(sha(position))
            .query(Long.class)
            .single();
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                + " values (?, ?, now() + ? * interval '1 day', ?, 1, ?)")
        .params(series, run, position, value, new Double[] {value})
        .update();
    return run;
  }

  private void refused(String body, String detail) throws Exception {
    ResultActions result =
        mvc.perform(
            post("/api/bisects")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body)
                .with(TestUsers.editor()));
    result
        .andExpect(status().is4xxClientError())
        .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString(detail)));
    assertThat(result.andReturn().getResponse().getContentAsString()).doesNotContain("\\n");
  }

  private static String body(String good, String bad, String task) {
    return "{\"good\":\""
        + good
        + "\",\"bad\":\""
        + bad
        + "\",\"benchmark\":\"search\",\"task\":\""
        + task
        + "\",\"metric\":\"qps\",\"profile\":\"bisect\"}";
  }

  private static String sha(int position) {
    return fixture().line().get(position).getName();
  }
}
