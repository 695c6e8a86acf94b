package org.nightbench.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/** With no URLs configured (the default) a change point enqueues nothing. */
@SpringBootTest
@ActiveProfiles("test")
class WebhookWithoutUrlsTests {

  @Autowired JdbcClient jdbc;
  @Autowired WebhookNotifier notifier;
  @Autowired WebhookWorker worker;

  @Test
  void noUrlsNoDeliveries() {
    long changePoint = new ChangePointRows(jdbc).regression();

    notifier.changePointDetected(changePoint);

    assertThat(
            jdbc.sql("select count(*) from webhook_delivery where change_point_id = ?")
                .param(changePoint)
                .query(Long.class)
                .single())
        .isZero();
    assertThat(worker.deliverDue()).isZero();
  }
}
