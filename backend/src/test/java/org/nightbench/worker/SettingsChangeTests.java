package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.ConfiguredProfiles;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.harness.StepResult;
import org.nightbench.harness.StepSettings;
import org.nightbench.ingest.RunContext;
import org.nightbench.ingest.SeriesSegments;
import org.nightbench.ingest.TestResults;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.nightbench.runs.RunTry;
import org.nightbench.series.digest.DigestRow;
import org.nightbench.series.digest.DigestService;
import org.nightbench.series.digest.Judgement;
import org.nightbench.series.digest.RunDigest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.test.context.ActiveProfiles;

/**
 * A stored history in which the user changes a setting of the {@code suite} profile (its nrt
 * variant's {@code reopen-interval-ms}, 100 → 50) and the reopen time steps down with it: the nrt
 * series goes on in a new segment with one automatic annotation naming the setting, detection
 * suspects and confirms nothing at the boundary, and the digest says "benchmark changed" rather
 * than better. A search series of the same runs whose settings stayed and whose Lucene got slower
 * on the same night is still found: the boundary belongs to the series whose settings changed.
 *
 * <p>The work after a run's commit (detection, the digest) runs on one thread here, in the order
 * the runs ended, so that waiting for a task queued after them is waiting for all of them.
 */
@SpringBootTest(
    properties = {
      "spring.task.execution.pool.core-size=1",
      "spring.task.execution.pool.max-size=1"
    })
@ActiveProfiles("test")
class SettingsChangeTests {

  private static final String PROFILE = "suite";
  private static final Instant DAY0 = Instant.parse("2025-01-01T02:00:00Z");
  private static final int BEFORE = 20;
  private static final int AFTER = 10;

  @Autowired RunCompletion completion;
  @Autowired RunRepository runs;
  @Autowired JdbcClient jdbc;
  @Autowired ConfigurableEnvironment environment;
  @Autowired ThreadPoolTaskExecutor applicationTaskExecutor;
  @Autowired DigestService digests;
  @Autowired SeriesSegments segments;

  private final Map<Long, RunTry> tries = new HashMap<>();
  private final SplittableRandom random = new SplittableRandom(42);
  private final String machine = "segments-" + UUID.randomUUID().toString().substring(0, 8);

  @Test
  void aChangedProfileSettingStartsASegmentWithAnAnnotationAndNoAlert() throws Exception {
    BenchmarkProfile before = profile(Map.of());
    BenchmarkProfile after = profile(Map.of("nrt[0].reopen-interval-ms", "50"));
    assertThat(after.nrt().get("plain").reopenIntervalMs()).isEqualTo(50.0);

    List<Long> nights = new ArrayList<>();
    for (int night = 0; night < BEFORE + AFTER; night++) {
      boolean changed = night >= BEFORE;
      // Reopening twice as often makes each reopen cheaper: a step of the benchmark, not Lucene's.
      // The same night Lucene's search got 30 % slower: a step of Lucene's.
      nights.add(night(night, changed ? after : before, changed ? 24 : 40, changed ? 700 : 1000));
    }
    settle();
    long first = nights.get(BEFORE);
    long nrtSeries = series("nrt", "reopenMeanMs");
    long searchSeries = series("search", "qps");

    assertThat(segments.starts(nrtSeries))
        .singleElement()
        .satisfies(
            start -> {
              assertThat(start.runId()).isEqualTo(first);
              assertThat(start.change())
                  .isEqualTo("benchmark changed: nrt reopen-interval-ms 100 → 50");
            });
    assertThat(segments.starts(searchSeries)).isEmpty();

    assertThat(
            jdbc.sql(
                    "select run_id || ' ' || short_text || ' ' || created_by from annotation"
                        + " where series_id = ? and kind = 'benchmark-changed'")
                .param(nrtSeries)
                .query(String.class)
                .list())
        .containsExactly(first + " benchmark changed: nrt reopen-interval-ms 100 → 50 nightbench");
    assertThat(
            jdbc.sql("select count(*) from annotation where series_id = ?")
                .param(searchSeries)
                .query(Long.class)
                .single())
        .isZero();

    assertThat(changePoints(nrtSeries))
        .as("no alert, not even suspected, at the boundary")
        .isEmpty();
    assertThat(changePoints(searchSeries))
        .as("the unchanged series' step is still found")
        .contains(first + ":confirmed:regression");

    RunDigest digest = digests.ofRun(first, false).orElseThrow();
    DigestRow nrt = row(digest, nrtSeries);
    assertThat(nrt.benchmarkChanged()).isTrue();
    assertThat(nrt.verdict()).isEqualTo(Judgement.NOT_JUDGED);
    assertThat(nrt.note()).isEqualTo("benchmark changed: nrt reopen-interval-ms 100 → 50");
    DigestRow search = row(digest, searchSeries);
    assertThat(search.benchmarkChanged()).isFalse();
    assertThat(search.verdict()).isEqualTo(Judgement.WORSE);
    assertThat(row(digests.ofRun(nights.get(BEFORE + 1), false).orElseThrow(), nrtSeries))
        .as("the night after compares within the new segment")
        .satisfies(row -> assertThat(row.benchmarkChanged()).isFalse());
  }

  /**
   * The {@code suite} profile as the application binds it from its properties, with {@code changes}
   * (its own keys, e.g. {@code nrt[0].reopen-interval-ms}) edited as a user edits the properties
   * file.
   */
  private BenchmarkProfile profile(Map<String, String> changes) {
    String prefix = "nightbench.runner.profiles." + PROFILE + ".";
    Map<String, Object> properties = new HashMap<>();
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (source instanceof EnumerablePropertySource<?> enumerable) {
        for (String name : enumerable.getPropertyNames()) {
          if (name.startsWith(prefix)) {
            properties.putIfAbsent(name, environment.getProperty(name));
          }
        }
      }
    }
    assertThat(properties).containsKey(prefix + "nrt[0].reopen-interval-ms");
    changes.forEach((key, value) -> properties.put(prefix + key, value));
    return ConfiguredProfiles.bind(properties).get(PROFILE);
  }

  /**
   * One night as the worker ends it: two JVMs each of the profile's nrt variant and of search,
   * their specs built from the profile as the nightly plan builds them.
   */
  private long night(int night, BenchmarkProfile profile, double reopenMs, double qps) {
    long run =
        runs.enqueue(new RunRequest("git:main", machine, PROFILE, "europarl", "nightly"), null);
    tries.put(run, runs.start(run).orElseThrow());
    ProfileSpecs specs = new ProfileSpecs(profile);
    Path dir = Path.of("/work/run-" + run);
    String variant = "plain";
    StepSpec nrt =
        specs.nrt(
            profile.nrt().get(variant),
            dir.resolve("index"),
            dir.resolve("nrt"),
            dir.resolve("c"),
            null);
    List<StepResult> steps = new ArrayList<>();
    for (int jvm = 1; jvm <= 2; jvm++) {
      StepSpec search = specs.search(dir.resolve("index"), dir.resolve("tasks"), jvm);
      steps.add(
          step(
              "nrt " + variant + " JVM " + jvm + "/2",
              nrt,
              profile,
              "nrt",
              "plain",
              "reopenMeanMs",
              false,
              reopenMs));
      steps.add(
          step(
              "search JVM " + jvm + "/2", search, profile, "search", "HighTerm", "qps", true, qps));
    }
    RunContext context =
        new RunContext(
            run,
            DAY0.plusSeconds(86_400L * night),
            machine,
            "Eclipse Adoptium 25",
            "europarl.lines",
            PROFILE,
            Map.of("luceneSpec", "git:main"));
    completion.complete(
        tries.get(run), context, steps, new RunFindings(List.of(), null, null, null, null));
    return run;
  }

  private StepResult step(
      String name,
      StepSpec spec,
      BenchmarkProfile profile,
      String benchmark,
      String task,
      String metric,
      boolean higherIsBetter,
      double level) {
    double value = level * (1 + 0.01 * random.nextGaussian());
    HarnessResult result =
        new HarnessResult(
            HarnessResult.SCHEMA_VERSION,
            spec.type(),
            TestResults.LUCENE,
            TestResults.ENVIRONMENT,
            List.of(new Metric(benchmark, task, metric, "u", higherIsBetter, value, Map.of())),
            null,
            null);
    return new StepResult(name, result, null, StepSettings.of(spec, profile.jvmArgs()));
  }

  /** Waits for the work queued after the runs' commits: one thread takes it in order. */
  private void settle() throws InterruptedException, ExecutionException {
    assertThat(applicationTaskExecutor.getMaxPoolSize()).isEqualTo(1);
    applicationTaskExecutor.submit(() -> {}).get();
  }

  private long series(String benchmark, String metric) {
    return jdbc.sql("select id from series where machine = ? and benchmark = ? and metric = ?")
        .params(machine, benchmark, metric)
        .query(Long.class)
        .single();
  }

  private List<String> changePoints(long seriesId) {
    return jdbc.sql(
            "select run_id || ':' || stage || ':' || direction from change_point"
                + " where series_id = ? order by x")
        .param(seriesId)
        .query(String.class)
        .list();
  }

  private static DigestRow row(RunDigest digest, long seriesId) {
    return digest.rows().stream().filter(r -> r.seriesId() == seriesId).findFirst().orElseThrow();
  }
}
