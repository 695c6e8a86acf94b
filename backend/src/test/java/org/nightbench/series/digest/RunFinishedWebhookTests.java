package org.nightbench.series.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.nightbench.changepoints.ChangePointDetection;
import org.nightbench.changepoints.DetectionFinished;
import org.nightbench.ingest.RunIngested;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * After ingestion the digest is prepared, kept and sent to every configured webhook URL through the
 * outbox, once per run.
 */
@SpringBootTest(properties = "nightbench.webhooks.urls[0]=http://localhost:9/digest-hook")
@ActiveProfiles("test")
class RunFinishedWebhookTests {

  @Autowired DigestAfterIngest afterIngest;
  @Autowired JdbcClient jdbc;
  @Autowired ChangePointDetection detection;
  @Autowired TransactionTemplate transactions;
  @Autowired ApplicationEventPublisher events;

  @Test
  void aFinishedRunSendsItsDigest() {
    DigestScenario s = new DigestScenario(jdbc);

    // Asynchronous, as after a real ingestion: wait for it, then prepare again.
    afterIngest.prepare(new DetectionFinished(s.v1010));
    waitFor(() -> deliveries(s.v1010) == 1);
    Object first = computedAt(s.v1010);
    afterIngest.prepare(new DetectionFinished(s.v1010));
    waitFor(() -> !computedAt(s.v1010).equals(first));

    assertThat(
            jdbc.sql("select previous_run_id from run_digest where run_id = ?")
                .param(s.v1010)
                .query(Long.class)
                .single())
        .isEqualTo(s.v1000);
    List<Map<String, Object>> deliveries =
        jdbc.sql(
                "select url, payload ->> 'text' as text, (payload ->> 'worse')::int as worse"
                    + " from webhook_delivery where run_id = ?")
            .param(s.v1010)
            .query()
            .listOfRows();
    assertThat(deliveries).hasSize(1); // prepared twice, sent once
    assertThat(deliveries.get(0).get("worse")).isEqualTo(1);
    assertThat((String) deliveries.get(0).get("text"))
        .startsWith("Run " + s.v1010 + " on " + s.data.machine + " (10.1.0) against run " + s.v1000)
        .contains(
            "1 worse (1 by the night's test and the detector), 1 better (1 by the night's test), 1 within noise, 1 not judged")
        .contains("Worst: search AndHighHigh qps \u221220.0 %")
        .contains("Gone silent: 1 series, 2 steps")
        .endsWith("/runs/" + s.v1010);
  }

  /**
   * A night that steps on a series whose night's test cannot judge it (one JVM a side): only the
   * detector, running after ingestion, sees it. The webhook waits for that detection, so it counts
   * the step as worse by the detector instead of announcing a night with nothing worse.
   */
  @Test
  void theWebhookIsSentAfterDetectionWithItsVerdict() {
    DigestTestData data = new DigestTestData(jdbc);
    SplittableRandom random = new SplittableRandom(391);
    List<Long> series = new ArrayList<>();
    for (int k = 0; k < 20; k++) {
      series.add(data.series("search", "Stepped" + k, "qps", true));
    }
    Instant day0 = Instant.parse("2026-01-01T02:00:00Z");
    long run = 0;
    for (int night = 0; night <= 60; night++) {
      run =
          data.run(
              "git:main",
              "11.0.0-SNAPSHOT",
              String.format("%040x", 1_000_000L + night),
              day0.plus(Duration.ofDays(night)),
              "25");
      for (long id : series) {
        // The last night 10 % slower on every series.
        data.point(id, run, (night == 60 ? 90 : 100) * (1 + 0.01 * gaussian(random)));
      }
      if (night == 59) {
        for (long id : series) {
          detection.detectAll(id);
        }
      }
    }
    long stepped = run;

    // Ingested as a run is: committed, then detection and the digest follow off the thread.
    transactions.executeWithoutResult(
        tx -> events.publishEvent(new RunIngested(stepped, List.copyOf(series))));
    waitFor(() -> deliveries(stepped) == 1);

    Map<String, Object> payload =
        jdbc.sql(
                "select payload ->> 'text' as text, (payload ->> 'worse')::int as worse,"
                    + " payload -> 'largestRegressions' -> 0 ->> 'evidence' as evidence"
                    + " from webhook_delivery where run_id = ?")
            .param(stepped)
            .query()
            .singleRow();
    assertThat(payload.get("worse")).isEqualTo(series.size());
    assertThat(payload.get("evidence")).isEqualTo("detector");
    assertThat((String) payload.get("text"))
        .contains(series.size() + " worse (" + series.size() + " by the detector)");
  }

  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
        * Math.cos(2 * Math.PI * random.nextDouble());
  }

  private long deliveries(long runId) {
    return jdbc.sql("select count(*) from webhook_delivery where run_id = ?")
        .param(runId)
        .query(Long.class)
        .single();
  }

  private Object computedAt(long runId) {
    return jdbc.sql("select coalesce(max(computed_at)::text, '') from run_digest where run_id = ?")
        .param(runId)
        .query(String.class)
        .single();
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    long until = System.nanoTime() + 180_000_000_000L; // a ceiling for loaded machines
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > until) {
        throw new AssertionError("not within 180 s");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
