package org.nightbench.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nightbench.users.TestUsers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Change points announced to a real local HTTP server and to a port nobody listens on: the JSON it
 * receives, failures recorded and retried with backoff, failed for good after the last attempt, one
 * sender per row, and the admins' view that never shows a URL's secret path.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class WebhookDeliveryTests {

  private static final String SECRET_PATH = "/hooks/T0001/B0002/s3cr3t-token";
  // Port 1 (tcpmux) is not served on any machine these tests run on: connections are refused.
  private static final String UNREACHABLE = "http://127.0.0.1:1/hooks/unreachable-s3cr3t";
  private static final WebhookReceiver receiver = WebhookReceiver.start();

  @DynamicPropertySource
  static void webhooks(DynamicPropertyRegistry registry) {
    registry.add("nightbench.webhooks.urls[0]", () -> receiver.url(SECRET_PATH));
    registry.add("nightbench.webhooks.urls[1]", () -> UNREACHABLE);
    registry.add("nightbench.webhooks.max-attempts", () -> "3");
    registry.add("nightbench.webhooks.initial-backoff", () -> "30s");
    registry.add("nightbench.webhooks.request-timeout", () -> "20s");
    registry.add("nightbench.public-url", () -> "https://nightbench.example.org/");
  }

  @TestConfiguration
  static class Time {
    @Bean
    MovableClock webhookClock() {
      return new MovableClock();
    }
  }

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;
  @Autowired JsonMapper json;
  @Autowired TransactionTemplate transaction;
  @Autowired WebhookNotifier notifier;
  @Autowired org.nightbench.changepoints.ChangePointDetection detection;
  @Autowired WebhookWorker worker;
  @Autowired MovableClock clock;

  private ChangePointRows rows;

  @BeforeEach
  void noDeliveriesYet() {
    jdbc.sql("delete from webhook_delivery").update();
    receiver.reset();
    rows = new ChangePointRows(jdbc);
  }

  @AfterAll
  static void stopReceiver() {
    receiver.stop();
  }

  @Test
  void aStepTheDetectorFindsIsAnnounced() {
    long series =
        jdbc.sql(
                "insert into series (fingerprint, benchmark, task, metric, unit,"
                    + " higher_is_better, machine, jdk, corpus, profile) values (?, 'nrt',"
                    + " 'plain', 'reopenP99Ms', 'ms', false, 'announce', '25', 'c', 'nightly')"
                    + " returning id")
            .param(java.util.UUID.randomUUID().toString())
            .query(Long.class)
            .single();
    java.util.SplittableRandom random = new java.util.SplittableRandom(7);
    for (int night = 0; night < 80; night++) {
      long run =
          jdbc.sql(
                  "insert into run (lucene_spec, machine, profile, corpus, status)"
                      + " values ('git:main', 'announce', 'nightly', 'c', 'succeeded')"
                      + " returning id")
              .query(Long.class)
              .single();
      double value = (night < 40 ? 20 : 26) * (1 + 0.01 * random.nextGaussian());
      jdbc.sql(
              "insert into measurement (series_id, run_id, x, value, samples)"
                  + " values (?, ?, timestamptz '2026-01-01' + ? * interval '1 day', ?, ?)")
          .params(series, run, night, value, new Double[] {value})
          .update();
    }

    assertThat(detection.detectAll(series)).hasSize(1);
    assertThat(worker.deliverDue()).isEqualTo(2);

    assertThat(receiver.received()).hasSize(1);
    JsonNode body = json.readTree(receiver.received().get(0).body());
    assertThat(body.get("seriesId").asLong()).isEqualTo(series);
    assertThat(body.get("direction").asString()).isEqualTo("regression");
    assertThat(body.get("text").asString()).startsWith("Regression +");
  }

  @Test
  void aNewChangePointReachesTheUrlAsJsonWithItsFacts() {
    long changePoint = rows.regression();
    long series = seriesOf(changePoint);

    notifier.changePointDetected(changePoint);
    notifier.changePointDetected(changePoint);
    assertThat(deliveriesOf(changePoint)).as("one per URL, however often called").isEqualTo(2);

    assertThat(worker.deliverDue()).isEqualTo(2);

    assertThat(receiver.received()).hasSize(1);
    WebhookReceiver.Received request = receiver.received().get(0);
    assertThat(request.method()).isEqualTo("POST");
    assertThat(request.path()).isEqualTo(SECRET_PATH);
    assertThat(request.contentType()).isEqualTo("application/json");
    assertThat(request.userAgent()).isEqualTo("Nightbench");
    JsonNode body = json.readTree(request.body());
    String seriesUrl = "https://nightbench.example.org/series/" + series;
    assertThat(body.get("text").asString())
        .isEqualTo(
            "Regression \u22127.3 % in search HighTerm qps on bench-1"
                + " (Lucene 10.1.0-SNAPSHOT, abc1234…def5678): "
                + seriesUrl);
    assertThat(body.get("changePointId").asLong()).isEqualTo(changePoint);
    assertThat(body.get("direction").asString()).isEqualTo("regression");
    assertThat(body.get("relativeChange").asDouble()).isEqualTo(-0.073);
    assertThat(body.get("meanBefore").asDouble()).isEqualTo(100.0);
    assertThat(body.get("pValue").asDouble()).isEqualTo(0.001);
    assertThat(body.get("effectSigma").asDouble()).isEqualTo(-6.5);
    assertThat(body.get("noiseSigma").asDouble()).isEqualTo(1.125);
    assertThat(body.get("serialCorrelation").asDouble()).isEqualTo(0.25);
    assertThat(body.get("x").asString()).isEqualTo("2026-11-20T02:00:00Z");
    assertThat(body.get("seriesId").asLong()).isEqualTo(series);
    assertThat(body.get("benchmark").asString()).isEqualTo("search");
    assertThat(body.get("task").asString()).isEqualTo("HighTerm");
    assertThat(body.get("metric").asString()).isEqualTo("qps");
    assertThat(body.get("unit").asString()).isEqualTo("queries/s");
    assertThat(body.get("machine").asString()).isEqualTo("bench-1");
    assertThat(body.get("higherIsBetter").asBoolean()).isTrue();
    assertThat(body.get("luceneSpec").asString()).isEqualTo("git:main");
    assertThat(body.get("luceneVersion").asString()).isEqualTo("10.1.0-SNAPSHOT");
    assertThat(body.get("commitSha").asString()).isEqualTo(ChangePointRows.AFTER_SHA);
    assertThat(body.get("previousCommitSha").asString()).isEqualTo(ChangePointRows.BEFORE_SHA);
    assertThat(body.get("commitRange").asString()).isEqualTo("abc1234…def5678");
    assertThat(body.get("compareUrl").asString())
        .isEqualTo(
            "https://github.com/apache/lucene/compare/"
                + ChangePointRows.BEFORE_SHA
                + "..."
                + ChangePointRows.AFTER_SHA);
    assertThat(body.get("seriesUrl").asString()).isEqualTo(seriesUrl);

    Stored delivered = stored(changePoint, receiver.url(""));
    assertThat(delivered.attempts()).isEqualTo(1);
    assertThat(delivered.lastStatus()).isEqualTo(200);
    assertThat(delivered.lastError()).isNull();
    assertThat(delivered.deliveredAt()).isEqualTo(clock.instant());
    assertThat(delivered.nextAttemptAt()).isNull();

    assertThat(worker.deliverDue())
        .as("nothing is due: delivered, and the other backing off")
        .isZero();
    assertThat(receiver.received()).hasSize(1);
  }

  @Test
  void aFailedAttemptIsRecordedAndRetriedAfterTheBackoffUntilDelivered() {
    receiver.answer(500);
    long changePoint = rows.regression();
    notifier.changePointDetected(changePoint);

    worker.deliverDue();
    Stored first = stored(changePoint, receiver.url(""));
    assertThat(first.attempts()).isEqualTo(1);
    assertThat(first.lastStatus()).isEqualTo(500);
    assertThat(first.lastError()).isEqualTo("HTTP 500: boom second line");
    assertThat(first.deliveredAt()).isNull();
    assertThat(first.nextAttemptAt()).isEqualTo(clock.instant().plusSeconds(30));

    clock.advance(Duration.ofSeconds(29));
    worker.deliverDue();
    assertThat(receiver.received()).as("not before the backoff is over").hasSize(1);

    clock.advance(Duration.ofSeconds(1));
    worker.deliverDue();
    assertThat(receiver.received()).hasSize(2);
    assertThat(receiver.received().get(1).body()).isEqualTo(receiver.received().get(0).body());
    Stored second = stored(changePoint, receiver.url(""));
    assertThat(second.attempts()).isEqualTo(2);
    assertThat(second.lastStatus()).isEqualTo(200);
    assertThat(second.lastError()).isNull();
    assertThat(second.deliveredAt()).isEqualTo(clock.instant());
    assertThat(second.nextAttemptAt()).isNull();
  }

  @Test
  void anUnreachableUrlBacksOffDoublingAndFailsForGoodAfterTheLastAttempt() throws Exception {
    long changePoint = rows.regression();
    notifier.changePointDetected(changePoint);

    worker.deliverDue();
    Stored first = stored(changePoint, "http://127.0.0.1:1/");
    assertThat(first.attempts()).isEqualTo(1);
    assertThat(first.lastStatus()).isNull();
    assertThat(first.lastError())
        .startsWith("ConnectException: ")
        .doesNotContain("\n")
        .doesNotContain("s3cr3t");
    assertThat(first.nextAttemptAt()).isEqualTo(clock.instant().plusSeconds(30));

    clock.advance(Duration.ofSeconds(30));
    worker.deliverDue();
    Stored second = stored(changePoint, "http://127.0.0.1:1/");
    assertThat(second.attempts()).isEqualTo(2);
    assertThat(second.nextAttemptAt()).isEqualTo(clock.instant().plusSeconds(60));

    clock.advance(Duration.ofSeconds(60));
    worker.deliverDue();
    Stored third = stored(changePoint, "http://127.0.0.1:1/");
    assertThat(third.attempts()).isEqualTo(3);
    assertThat(third.nextAttemptAt()).as("max attempts reached: no next one").isNull();
    assertThat(third.deliveredAt()).isNull();

    clock.advance(Duration.ofDays(1));
    assertThat(worker.deliverDue()).isZero();
    assertThat(stored(changePoint, "http://127.0.0.1:1/").attempts()).isEqualTo(3);

    mvc.perform(get("/api/webhooks/deliveries").param("state", "failed").with(TestUsers.admin()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(1))
        .andExpect(jsonPath("$[0].changePointId").value(changePoint))
        .andExpect(jsonPath("$[0].target").value("http://127.0.0.1:1"))
        .andExpect(jsonPath("$[0].state").value("failed"))
        .andExpect(jsonPath("$[0].attempts").value(3))
        .andExpect(jsonPath("$[0].lastError").value(first.lastError()));

    // An admin's retry is one more attempt, at the next poll.
    long id = deliveryId(changePoint, "http://127.0.0.1:1/");
    mvc.perform(post("/api/webhooks/deliveries/{id}/retry", id).with(TestUsers.admin()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.state").value("pending"));
    assertThat(worker.deliverDue()).isEqualTo(1);
    Stored retried = stored(changePoint, "http://127.0.0.1:1/");
    assertThat(retried.attempts()).isEqualTo(4);
    assertThat(retried.nextAttemptAt()).isNull();
  }

  @Test
  void aRolledBackDetectionAnnouncesNothing() {
    long changePoint =
        transaction.execute(
            status -> {
              long stored = rows.regression();
              notifier.changePointDetected(stored);
              status.setRollbackOnly();
              return stored;
            });

    assertThat(deliveriesOf(changePoint)).isZero();
    assertThat(worker.deliverDue()).isZero();
    assertThat(receiver.received()).isEmpty();
  }

  @Test
  void aDeliveryBeingSentIsSkippedByAnotherWorker() throws Exception {
    long changePoint = rows.regression();
    notifier.changePointDetected(changePoint);
    CountDownLatch arrived = receiver.holdNext();
    ExecutorService otherInstance = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> sending = otherInstance.submit(worker::deliverDue);
      assertThat(arrived.await(60, TimeUnit.SECONDS)).as("the first worker is sending").isTrue();

      // The held row is locked: this worker takes only the unreachable URL's row, and returns.
      assertThat(worker.deliverDue()).isEqualTo(1);
      assertThat(receiver.received()).hasSize(1);

      receiver.release();
      assertThat(sending.get(60, TimeUnit.SECONDS)).isEqualTo(1);
    } finally {
      otherInstance.shutdownNow();
    }
    assertThat(receiver.received()).hasSize(1);
    Stored delivered = stored(changePoint, receiver.url(""));
    assertThat(delivered.attempts()).isEqualTo(1);
    assertThat(delivered.deliveredAt()).isNotNull();
  }

  @Test
  void theDeliveriesApiIsForAdminsAndShowsSchemeAndHostOnly() throws Exception {
    long changePoint = rows.regression();
    notifier.changePointDetected(changePoint);
    worker.deliverDue();

    mvc.perform(get("/api/webhooks/deliveries")).andExpect(status().isUnauthorized());
    mvc.perform(get("/api/webhooks/deliveries").with(TestUsers.viewer()))
        .andExpect(status().isForbidden());
    mvc.perform(get("/api/webhooks/deliveries").with(TestUsers.editor()))
        .andExpect(status().isForbidden());

    String server = receiver.url("");
    mvc.perform(get("/api/webhooks/deliveries").with(TestUsers.admin()))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.length()").value(2))
        // Newest first: the unreachable URL was enqueued second.
        .andExpect(jsonPath("$[0].target").value("http://127.0.0.1:1"))
        .andExpect(jsonPath("$[0].state").value("pending"))
        .andExpect(jsonPath("$[0].attempts").value(1))
        .andExpect(jsonPath("$[0].nextAttemptAt").isNotEmpty())
        .andExpect(jsonPath("$[1].target").value(server))
        .andExpect(jsonPath("$[1].changePointId").value(changePoint))
        .andExpect(jsonPath("$[1].state").value("delivered"))
        .andExpect(jsonPath("$[1].lastStatus").value(200))
        .andExpect(jsonPath("$[1].text").value(containsString("Regression \u22127.3 %")))
        .andExpect(content().string(not(containsString("s3cr3t"))))
        .andExpect(content().string(not(containsString("/hooks"))));
    mvc.perform(get("/api/webhooks/deliveries").param("state", "delivered").with(TestUsers.admin()))
        .andExpect(jsonPath("$.length()").value(1));
    mvc.perform(get("/api/webhooks/deliveries").param("state", "lost").with(TestUsers.admin()))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(containsString("unknown state 'lost'")));

    long delivered = deliveryId(changePoint, server);
    mvc.perform(post("/api/webhooks/deliveries/{id}/retry", delivered).with(csrf()))
        .andExpect(status().isUnauthorized());
    mvc.perform(post("/api/webhooks/deliveries/{id}/retry", delivered).with(TestUsers.editor()))
        .andExpect(status().isForbidden());
    mvc.perform(post("/api/webhooks/deliveries/{id}/retry", delivered).with(TestUsers.admin()))
        .andExpect(status().isConflict());
    mvc.perform(post("/api/webhooks/deliveries/{id}/retry", Long.MAX_VALUE).with(TestUsers.admin()))
        .andExpect(status().isNotFound());
    assertThat(receiver.received()).hasSize(1);
  }

  /** One delivery row as stored. */
  record Stored(
      int attempts,
      Integer lastStatus,
      String lastError,
      Instant nextAttemptAt,
      Instant deliveredAt) {}

  private Stored stored(long changePoint, String urlPrefix) {
    return jdbc.sql(
            "select attempts, last_status, last_error, next_attempt_at, delivered_at"
                + " from webhook_delivery where change_point_id = ? and starts_with(url, ?)")
        .params(changePoint, urlPrefix)
        .query(
            (rs, row) ->
                new Stored(
                    rs.getInt("attempts"),
                    rs.getObject("last_status", Integer.class),
                    rs.getString("last_error"),
                    instant(rs.getTimestamp("next_attempt_at")),
                    instant(rs.getTimestamp("delivered_at"))))
        .single();
  }

  private long deliveryId(long changePoint, String urlPrefix) {
    return jdbc.sql(
            "select id from webhook_delivery where change_point_id = ? and starts_with(url, ?)")
        .params(changePoint, urlPrefix)
        .query(Long.class)
        .single();
  }

  private long deliveriesOf(long changePoint) {
    return jdbc.sql("select count(*) from webhook_delivery where change_point_id = ?")
        .param(changePoint)
        .query(Long.class)
        .single();
  }

  private long seriesOf(long changePoint) {
    return jdbc.sql("select series_id from change_point where id = ?")
        .param(changePoint)
        .query(Long.class)
        .single();
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
