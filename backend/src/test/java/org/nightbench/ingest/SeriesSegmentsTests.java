package org.nightbench.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.nightbench.harness.StepSettings;
import org.nightbench.protocol.NrtSpec;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a series' segments start, on a database filled before points recorded their settings and
 * migrated since: the old points are unknown and keep the series whole; the first recorded settings
 * continue it; a change of them, or of the measuring version, starts a segment naming what changed.
 */
class SeriesSegmentsTests {

  /** The last migration before the points' settings. */
  private static final String BEFORE_SETTINGS = "39.1";

  private static final Instant DAY0 = Instant.parse("2024-01-01T02:00:00Z");

  private static EmbeddedPostgres postgres;

  @BeforeAll
  static void start() throws Exception {
    postgres = EmbeddedPostgres.builder().start();
  }

  @AfterAll
  static void stop() throws Exception {
    postgres.close();
  }

  @Test
  void anOldDatabasesSeriesStayWholeAndAChangeAfterTheMigrationStartsASegment() {
    DataSource database = postgres.getPostgresDatabase();
    flyway(database).target(BEFORE_SETTINGS).load().migrate();
    JdbcClient jdbc = JdbcClient.create(database);
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values ('old', 'nrt', 'plain',"
                    + " 'reopenMeanMs', 'ms', false, 'box', '25', 'c', 'nightly') returning id")
            .query(Long.class)
            .single();
    for (int night = 0; night < 5; night++) {
      // An old database's nights, stored before the points knew their settings.
      jdbc.sql(
              "insert into measurement (series_id, run_id, x, value, samples)"
                  + " values (?, ?, ?, 40, '{40}')")
          .params(series, run(jdbc), Timestamp.from(DAY0.plusSeconds(86_400L * night)))
          .update();
    }

    flyway(database).load().migrate();

    assertThat(
            jdbc.sql(
                    "select count(*) from measurement where series_id = ?"
                        + " and settings_hash is null and measuring_version is null")
                .param(series)
                .query(Long.class)
                .single())
        .as("the old points are kept, their settings unknown")
        .isEqualTo(5);
    SeriesSegments segments = new SeriesSegments(jdbc, JsonMapper.builder().build());
    assertThat(segments.starts(series)).isEmpty();

    StepSettings reopen100 = settings(100, 1);
    long first = point(jdbc, series, 5, reopen100);
    point(jdbc, series, 6, reopen100);
    assertThat(segments.starts(series))
        .as("the first known settings continue the series")
        .isEmpty();
    assertThat(segments.startsAt(first)).isEmpty();

    long changed = point(jdbc, series, 7, settings(50, 1));
    long harness = point(jdbc, series, 8, settings(50, 2));
    assertThat(segments.starts(series))
        .extracting(SegmentStart::runId, SegmentStart::change)
        .containsExactly(
            tuple(changed, "benchmark changed: nrt reopen-interval-ms 100 → 50"),
            tuple(harness, "benchmark changed: harness measuring version 1 → 2"));
    assertThat(segments.startsAt(changed)).containsOnlyKeys(series);
    assertThat(segments.changedBetween(first, harness).get(series).change())
        .isEqualTo(
            "benchmark changed: nrt reopen-interval-ms 100 → 50; harness measuring version 1 → 2");
  }

  @Test
  void unknownPointsAreTheSameAsTheirNeighbours() {
    assertThat(starts(hashes(null, null), versions(null, null))).isEmpty();
    assertThat(starts(hashes(null, "a", null, "a"), versions(null, 1, null, 1))).isEmpty();
    assertThat(starts(hashes("a", null, "b"), versions(1, null, 1))).containsExactly(2);
    assertThat(starts(hashes("a", "a", "a"), versions(1, 2, null))).containsExactly(1);
    assertThat(starts(hashes("a", "b", "a"), versions(1, 1, 1))).containsExactly(1, 2);
  }

  @Test
  void aChangeNamesEverySettingThatMoved() {
    SortedMap<String, String> before = new TreeMap<>();
    before.put("reopen-interval-ms", "100");
    before.put("update-rate", "200");
    SortedMap<String, String> after = new TreeMap<>(before);
    after.put("update-rate", "100");
    after.put("max-full-flush-merge-wait-ms", "5");
    assertThat(
            SeriesSegments.describe(
                new SeriesSegments.Settings("nrt", before),
                1,
                new SeriesSegments.Settings("nrt", after),
                1))
        .isEqualTo("benchmark changed: nrt update-rate 200 → 100");
  }

  /**
   * A harness that starts recording a setting (a new knob, or the settings of the index a step
   * reads) keeps the series whole; the recorded setting changing later starts a segment.
   */
  @Test
  void aSettingRecordedFromSomeNightOnStartsNothingUntilItChanges() {
    // A database of its own: the other test migrates its database from before the settings.
    JdbcClient.create(postgres.getPostgresDatabase()).sql("create database knob").update();
    DataSource database = postgres.getDatabase("postgres", "knob");
    flyway(database).load().migrate();
    JdbcClient jdbc = JdbcClient.create(database);
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                    + " machine, jdk, corpus, profile) values ('knob', 'nrt', 'plain',"
                    + " 'reopenMeanMs', 'ms', false, 'box', '25', 'c', 'nightly') returning id")
            .query(Long.class)
            .single();
    StepSettings plain = settings(100, 1);
    StepSettings withIndex = plain.readingFrom(index("64"));
    long first = point(jdbc, series, 0, plain);
    long recorded = point(jdbc, series, 1, withIndex);
    point(jdbc, series, 2, withIndex);
    SeriesSegments segments = new SeriesSegments(jdbc, JsonMapper.builder().build());
    assertThat(segments.starts(series)).isEmpty();
    assertThat(segments.startsAt(recorded)).isEmpty();
    assertThat(segments.changedBetween(first, recorded)).isEmpty();

    long bigger = point(jdbc, series, 3, plain.readingFrom(index("256")));
    assertThat(segments.starts(series))
        .extracting(SegmentStart::runId, SegmentStart::change)
        .containsExactly(tuple(bigger, "benchmark changed: nrt index.ram-buffer-mb 64 → 256"));
    assertThat(segments.startsAt(bigger)).containsOnlyKeys(series);
    assertThat(segments.changedBetween(first, bigger))
        .as("the first night did not record it")
        .isEmpty();
    assertThat(segments.changedBetween(recorded, bigger).get(series).change())
        .isEqualTo("benchmark changed: nrt index.ram-buffer-mb 64 → 256");
  }

  @Test
  void onlyASettingBothNameWithAnotherValueOrAnotherStepDiffers() {
    SeriesSegments.Settings nrt = new SeriesSegments.Settings("nrt", values("a", "1"));
    assertThat(SeriesSegments.differ(nrt, new SeriesSegments.Settings("nrt", values("a", "2"))))
        .isTrue();
    assertThat(SeriesSegments.differ(nrt, new SeriesSegments.Settings("knn", values("a", "1"))))
        .isTrue();
    assertThat(SeriesSegments.differ(nrt, new SeriesSegments.Settings("nrt", values("b", "2"))))
        .isFalse();
    assertThat(SeriesSegments.differ(nrt, null)).isTrue();
  }

  private static SortedMap<String, String> values(String name, String value) {
    SortedMap<String, String> values = new TreeMap<>();
    values.put(name, value);
    return values;
  }

  /** The settings of an index step with {@code ramBufferMb}. */
  private static StepSettings index(String ramBufferMb) {
    SortedMap<String, String> values = new TreeMap<>();
    values.put("ram-buffer-mb", ramBufferMb);
    values.put(StepSettings.JVM_ARGS, "-Xmx1g");
    return new StepSettings("index", values, 1);
  }

  private static List<Integer> starts(List<String> hashes, List<Integer> versions) {
    return SeriesSegments.startIndices(hashes, versions, (a, b) -> true);
  }

  private static List<String> hashes(String... hashes) {
    return Arrays.asList(hashes);
  }

  private static List<Integer> versions(Integer... versions) {
    return Arrays.asList(versions);
  }

  private static FluentConfiguration flyway(DataSource database) {
    return Flyway.configure().dataSource(database).locations("classpath:db/migration");
  }

  /** The settings of the nrt step with {@code reopenMs}, as measuring version {@code version}. */
  private static StepSettings settings(int reopenMs, int version) {
    NrtSpec spec =
        new NrtSpec(
            "plain",
            Path.of("i"),
            Path.of("w"),
            Path.of("c"),
            null,
            200.0,
            (double) reopenMs,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    StepSettings current = StepSettings.of(spec, List.of());
    return new StepSettings(current.type(), current.values(), version);
  }

  /** A point at night {@code night} written as ingestion writes it; its run. */
  private static long point(JdbcClient jdbc, long series, int night, StepSettings settings) {
    long run = run(jdbc);
    jdbc.sql(
            "insert into benchmark_settings (hash, type, settings)"
                + " values (?, ?, cast(? as jsonb)) on conflict do nothing")
        .params(settings.hash(), settings.type(), settings.canonicalJson())
        .update();
    jdbc.sql(
            "insert into measurement (series_id, run_id, x, value, samples, settings_hash,"
                + " measuring_version) values (?, ?, ?, 40, '{40}', ?, ?)")
        .params(
            series,
            run,
            Timestamp.from(DAY0.plusSeconds(86_400L * night)),
            settings.hash(),
            settings.measuringVersion())
        .update();
    return run;
  }

  private static long run(JdbcClient jdbc) {
    return jdbc.sql(
            "insert into run (lucene_spec, machine, profile, corpus, status)"
                + " values ('git:main', 'box', 'nightly', 'c', 'succeeded') returning id")
        .query(Long.class)
        .single();
  }
}
