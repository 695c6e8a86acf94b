package org.nightbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.corpus.CorpusProvider;
import org.nightbench.ingest.ResultIngester;
import org.nightbench.ingest.RunContext;
import org.nightbench.ingest.RunResults;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/**
 * A database filled before issue 31 (profiles bound into the harness's spec records, one planner)
 * keeps every series: the series a {@code suite} run made with the code before it — recorded in
 * {@code harness/suite-series-before-issue-31.tsv} by this class's record mode on commit 4ff37b0
 * ({@code -Dnightbench.record-series=FILE}) — are written into a freshly migrated database as that
 * code wrote them, each with a point of an earlier run and the fingerprint of that code's recipe; a
 * run of the same profile by today's code then adds a point to every one of them and starts no
 * series of its own but those of a figure added since (issue 32's {@code qpsLuceneutil} of each
 * search category): new figures are new series, an old figure never moves to a new one. Cold page
 * cache search is left out both ways: whether it measures depends on the machine's rights, not on
 * the code.
 */
@SpringBootTest(properties = "nightbench.test.context=series-kept")
@ActiveProfiles("test")
@DirtiesContext
class SeriesKeptTests {

  private static final String FIXTURE = "harness/suite-series-before-issue-31.tsv";
  private static final String RELEASE = "9.12.3";

  @Autowired RunService runs;
  @Autowired RunRepository runRepository;
  @Autowired RunWorker worker;
  @Autowired ResultIngester ingester;
  @Autowired JdkFinder jdks;
  @Autowired CorpusProvider corpora;
  @Autowired RunnerProperties settings;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;

  @Test
  void aSuiteRunAddsToEverySeriesTheOldCodeMadeAndStartsNone() throws IOException {
    String record = System.getProperty("nightbench.record-series");
    if (record != null) {
      record(Path.of(record));
      return;
    }
    String machine = settings.machine();
    String jdk = jdks.select(LuceneResolver.minimumJava(RELEASE), "Lucene " + RELEASE).family();
    String corpus = corpora.resolveDefault().name();
    List<String[]> before = fixture();
    assertThat(before).hasSizeGreaterThan(50);

    long oldRun = fill(before, machine, jdk, corpus);
    Map<String, Long> filled = series(machine, jdk, corpus);
    assertThat(filled.keySet())
        .containsExactlyInAnyOrderElementsOf(before.stream().map(f -> key(f)).toList());
    for (Map.Entry<String, Long> series : filled.entrySet()) {
      String[] name = series.getKey().split("/", 3);
      assertThat(fingerprintOf(series.getValue()))
          .as("the fingerprint of %s, as the old code computed it", series.getKey())
          .isEqualTo(oldFingerprint(name[0], name[1], name[2], machine, jdk, corpus, "suite"));
    }

    Run run = runs.enqueue("maven:" + RELEASE, "suite", null, "manual");
    QueuedRuns.runAll(dataSource, worker);

    assertThat(runs.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
    Map<String, Long> measured = measuredBy(run.id());
    measured.keySet().removeIf(SeriesKeptTests::dependsOnTheMachine);
    Map<String, Long> expected = new TreeMap<>(filled);
    expected.keySet().removeIf(SeriesKeptTests::dependsOnTheMachine);
    assertThat(measured)
        .as("today's run adds to every series of the run before, ids and all")
        .containsAllEntriesOf(expected);
    Map<String, Long> started = new TreeMap<>(measured);
    started.keySet().removeAll(expected.keySet());
    assertThat(started.keySet())
        .as("the series today's run started: luceneutil's figure of each search category")
        .containsExactlyInAnyOrderElementsOf(luceneutilFigures(expected.keySet()));
    List<Long> known = new ArrayList<>(filled.values());
    known.addAll(started.values());
    assertThat(
            jdbc.sql("select count(*) from series where id not in (:ids)")
                .param("ids", known)
                .query(Long.class)
                .single())
        .as("series the new run started beside those")
        .isZero();
    assertThat(oldRun).isNotEqualTo(run.id());
    // Today's points know what they measured; the old ones do not, which is no change.
    assertThat(
            jdbc.sql(
                    "select count(*) from measurement where run_id = :run"
                        + " and (settings_hash is null or measuring_version is null)")
                .param("run", run.id())
                .query(Long.class)
                .single())
        .as("points of today's run without their settings")
        .isZero();
    assertThat(
            jdbc.sql("select count(*) from annotation where kind = 'benchmark-changed'")
                .query(Long.class)
                .single())
        .as("segments started by the first run that recorded its settings")
        .isZero();
  }

  /** The old run: one point per series, written through ingestion as every run's are. */
  private long fill(List<String[]> before, String machine, String jdk, String corpus) {
    Instant at = Instant.parse("2024-06-01T00:00:00Z");
    long runId =
        runRepository
            .insertSucceeded(
                List.of(
                    new FinishedRun(
                        new RunRequest("maven:9.12.2", machine, "suite", corpus, "manual"),
                        "9.12.2",
                        at,
                        jdk,
                        at,
                        at.plusSeconds(600),
                        null)))
            .get(0);
    List<Metric> metrics = new ArrayList<>();
    for (String[] f : before) {
      metrics.add(new Metric(f[0], f[1], f[2], f[3], Boolean.parseBoolean(f[4]), 1.0, Map.of()));
    }
    ingester.ingestPoints(
        List.of(
            new RunResults(
                new RunContext(runId, at, machine, jdk, corpus, "suite", Map.of()),
                List.of(
                    new HarnessResult(
                        HarnessResult.SCHEMA_VERSION,
                        "before-issue-31",
                        null,
                        null,
                        metrics,
                        null,
                        null)))));
    return runId;
  }

  /** Record mode: the series one {@code suite} run makes, as the fixture holds them. */
  private void record(Path file) throws IOException {
    Run run = runs.enqueue("maven:" + RELEASE, "suite", null, "manual");
    QueuedRuns.runAll(dataSource, worker);
    List<String> lines =
        jdbc.sql(
                "select distinct s.benchmark || chr(9) || s.task || chr(9) || s.metric || chr(9)"
                    + " || s.unit || chr(9) || case when s.higher_is_better then 'true'"
                    + " else 'false' end from series s"
                    + " join measurement m on m.series_id = s.id where m.run_id = :run"
                    + " order by 1")
            .param("run", run.id())
            .query(String.class)
            .list();
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private Map<String, Long> series(String machine, String jdk, String corpus) {
    Map<String, Long> series = new TreeMap<>();
    jdbc.sql(
            "select benchmark || '/' || task || '/' || metric as name, id from series"
                + " where machine = :machine and jdk = :jdk and corpus = :corpus"
                + " and profile = 'suite'")
        .param("machine", machine)
        .param("jdk", jdk)
        .param("corpus", corpus)
        .query((rs, i) -> series.put(rs.getString("name"), rs.getLong("id")))
        .list();
    return series;
  }

  private Map<String, Long> measuredBy(long runId) {
    Map<String, Long> series = new TreeMap<>();
    jdbc.sql(
            "select distinct s.benchmark || '/' || s.task || '/' || s.metric as name, s.id"
                + " from series s join measurement m on m.series_id = s.id where m.run_id = :run")
        .param("run", runId)
        .query((rs, i) -> series.put(rs.getString("name"), rs.getLong("id")))
        .list();
    return series;
  }

  private String fingerprintOf(long seriesId) {
    return jdbc.sql("select fingerprint from series where id = :id")
        .param("id", seriesId)
        .query(String.class)
        .single();
  }

  /** The series key of the code before issue 31: SHA-256 of the seven identity fields. */
  private static String oldFingerprint(String... fields) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(String.join("\u001f", fields).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The series issue 32 added beside the fixture's: {@code search/<category>/qpsLuceneutil} for
   * every {@code search/<category>/qps}. New series, each a figure no old series held.
   */
  private static List<String> luceneutilFigures(Collection<String> before) {
    return before.stream()
        .filter(name -> name.startsWith("search/") && name.endsWith("/qps"))
        .map(name -> name + "Luceneutil")
        .toList();
  }

  private static boolean dependsOnTheMachine(String series) {
    return series.startsWith("coldCache/");
  }

  private static String key(String[] fields) {
    return fields[0] + "/" + fields[1] + "/" + fields[2];
  }

  private static List<String[]> fixture() throws IOException {
    try (InputStream in = SeriesKeptTests.class.getClassLoader().getResourceAsStream(FIXTURE)) {
      assertThat(in).as(FIXTURE).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(line -> !line.isBlank())
          .map(line -> line.split("\t"))
          .toList();
    }
  }
}
