package org.nightbench.series.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.ingest.RunIngested;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * After ingestion the digest is prepared, kept and sent to every configured webhook URL through the
 * outbox, once per run.
 */
@SpringBootTest(properties = "nightbench.webhooks.urls[0]=http://localhost:9/digest-hook")
@ActiveProfiles("test")
class RunFinishedWebhookTests {

  @Autowired DigestAfterIngest afterIngest;
  @Autowired JdbcClient jdbc;

  @Test
  void aFinishedRunSendsItsDigest() {
    DigestScenario s = new DigestScenario(jdbc);

    // Asynchronous, as after a real ingestion: wait for it, then prepare again.
    afterIngest.prepare(new RunIngested(s.v1010, List.of(s.slower)));
    waitFor(() -> deliveries(s.v1010) == 1);
    Object first = computedAt(s.v1010);
    afterIngest.prepare(new RunIngested(s.v1010, List.of(s.slower)));
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
