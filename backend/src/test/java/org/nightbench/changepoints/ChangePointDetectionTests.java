package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.nightbench.ingest.RunIngested;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Detection on stored series, on the real database: what a step leaves in change_point, that
 * appending and recomputing never duplicate or drop a person's triage, and that an ingested run
 * triggers it.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class ChangePointDetectionTests {

  @Autowired ChangePointDetection detection;
  @Autowired JdbcClient jdbc;
  @Autowired TransactionTemplate transactions;
  @Autowired ApplicationEventPublisher events;
  @Autowired MockMvc mvc;

  private final String machine = "detect-" + UUID.randomUUID().toString().substring(0, 8);
  private final SplittableRandom random = new SplittableRandom(42);

  @Test
  void aStepBecomesOneChangePointWithItsCommitRangeAndDirection() {
    long series = series(true);
    List<Long> runs = points(series, 0, 60, 100);
    runs.addAll(points(series, 60, 60, 90));

    List<Long> stored = detection.detectAll(series);

    assertThat(stored).hasSize(1);
    var row =
        jdbc.sql(
                "select run_id, previous_run_id, direction, state, relative_change"
                    + " from change_point where series_id = ?")
            .param(series)
            .query()
            .singleRow();
    assertThat(((Number) row.get("run_id")).longValue()).isBetween(runs.get(58), runs.get(62));
    assertThat(((Number) row.get("previous_run_id")).longValue())
        .isEqualTo(runs.get(runs.indexOf(((Number) row.get("run_id")).longValue()) - 1));
    assertThat(row.get("direction")).isEqualTo("regression");
    assertThat(row.get("state")).isEqualTo("untriaged");
    assertThat((Double) row.get("relative_change")).isBetween(-0.12, -0.08);

    // Again, and after one more night: nothing new, nothing lost.
    assertThat(detection.detectAll(series)).isEmpty();
    points(series, 120, 1, 90);
    assertThat(detection.detectAppended(series)).isEmpty();
    assertThat(count(series)).isEqualTo(1);
  }

  @Test
  void forLatencyLowerIsBetterAndAPersonsVerdictOutlivesARecompute() {
    long series = series(false);
    points(series, 0, 60, 20);
    points(series, 60, 60, 25);
    detection.detectAll(series);
    assertThat(
            jdbc.sql("select direction from change_point where series_id = ?")
                .param(series)
                .query(String.class)
                .single())
        .isEqualTo("regression");

    jdbc.sql("update change_point set state = 'invalid' where series_id = ?")
        .param(series)
        .update();
    // Even if the points changed so much that the detector no longer sees the step.
    jdbc.sql("update measurement set value = 20 where series_id = ?").param(series).update();
    detection.detectAll(series);
    assertThat(count(series)).isEqualTo(1);
  }

  @Test
  void anAppendedStepIsFoundWithoutRecomputingAndDisturbedRunsAreLeftOut() {
    long series = series(true);
    points(series, 0, 80, 100);
    assertThat(detection.detectAppended(series)).isEmpty();
    // One night on a disturbed machine, far off: not a change of Lucene's.
    long disturbed = points(series, 80, 1, 60).get(0);
    jdbc.sql("update run set disturbed_reason = 'calibration 40 % off' where id = ?")
        .param(disturbed)
        .update();
    points(series, 81, 40, 100);
    assertThat(detection.detectAppended(series)).isEmpty();

    points(series, 121, 40, 115);
    assertThat(detection.detectAppended(series)).hasSize(1);
    assertThat(
            jdbc.sql("select direction from change_point where series_id = ?")
                .param(series)
                .query(String.class)
                .single())
        .isEqualTo("improvement");
  }

  @Test
  void aPointBackfilledFarBehindTheTailIsDetectedOverTheWholeHistory() {
    long series = series(true);
    points(series, 1000, 400, 100);
    assertThat(detection.detectAppended(series)).isEmpty();
    // A backfill of older commits: their points land before everything stored.
    List<Long> older = points(series, 0, 60, 120);
    assertThat(detection.detectAfter(series, older.get(older.size() - 1))).hasSize(1);
    assertThat(
            jdbc.sql("select direction from change_point where series_id = ?")
                .param(series)
                .query(String.class)
                .single())
        .isEqualTo("regression");
  }

  @Test
  void anIngestedRunTriggersDetectionOnceItsPointsAreCommitted() throws InterruptedException {
    long series = series(true);
    points(series, 0, 60, 100);
    List<Long> after = new ArrayList<>();
    transactions.executeWithoutResult(
        tx -> {
          after.addAll(points(series, 60, 60, 80));
          events.publishEvent(new RunIngested(after.get(after.size() - 1), List.of(series)));
        });

    Instant deadline = Instant.now().plus(Duration.ofSeconds(180));
    while (count(series) == 0 && Instant.now().isBefore(deadline)) {
      Thread.sleep(100);
    }
    assertThat(count(series)).isEqualTo(1);
  }

  @Test
  void anyoneMayRunTheDetectorOnTheirOwnNumbers() throws Exception {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      values.append(i == 0 ? "" : ",").append((i < 50 ? 100 : 110) + random.nextGaussian());
    }
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"values\":[" + values + "]}"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.points").value(100))
        .andExpect(jsonPath("$.changePoints.length()").value(1))
        .andExpect(
            jsonPath("$.changePoints[0].index")
                .value(
                    org.hamcrest.Matchers.both(org.hamcrest.Matchers.greaterThanOrEqualTo(48))
                        .and(org.hamcrest.Matchers.lessThanOrEqualTo(52))));
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"stddevs\":[1,2]}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.startsWith("no values")));
    mvc.perform(
            post("/api/change-points/detect")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"values\":[1,2,3],\"stddevs\":[1]}"))
        .andExpect(status().isBadRequest());
  }

  private long series(boolean higherIsBetter) {
    return jdbc.sql(
            "insert into series (fingerprint, benchmark, task, metric, unit, higher_is_better,"
                + " machine, jdk, corpus, profile) values (?, 'search', 'HighTerm', 'qps', 'q/s',"
                + " ?, ?, '25', 'c', 'nightly') returning id")
        .params(UUID.randomUUID().toString(), higherIsBetter, machine)
        .query(Long.class)
        .single();
  }

  /** {@code n} nights from night {@code first} at {@code level} ± 1 %, one run each. */
  private List<Long> points(long series, int first, int n, double level) {
    List<Long> runs = new ArrayList<>();
    for (int night = first; night < first + n; night++) {
      long run =
          jdbc.sql(
                  "insert into run (lucene_spec, machine, profile, corpus, status)"
                      + " values ('git:main', ?, 'nightly', 'c', 'succeeded') returning id")
              .param(machine)
              .query(Long.class)
              .single();
      double value = level * (1 + 0.01 * random.nextGaussian());
      jdbc.sql(
              "insert into measurement (series_id, run_id, x, value, stddev, samples)"
                  + " values (?, ?, ?, ?, ?, ?)")
          .params(
              series,
              run,
              Timestamp.from(Instant.parse("2020-01-01T02:00:00Z").plusSeconds(86_400L * night)),
              value,
              level * 0.01,
              new Double[] {value})
          .update();
      runs.add(run);
    }
    return runs;
  }

  private long count(long series) {
    return jdbc.sql("select count(*) from change_point where series_id = ?")
        .param(series)
        .query(Long.class)
        .single();
  }
}
