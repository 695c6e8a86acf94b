package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A transaction bounded as an ingestion's, on a real PostgreSQL: one that sits idle holding a row
 * (its worker frozen) loses its session, so another writer of the same row gets it instead of
 * waiting for as long as the freeze lasts.
 */
class IngestionTimeoutsTests {

  private static EmbeddedPostgres postgres;

  @BeforeAll
  static void start() throws Exception {
    postgres = EmbeddedPostgres.builder().start();
    JdbcClient.create(postgres.getPostgresDatabase())
        .sql("create table held (id int primary key, by text)")
        .update();
  }

  @AfterAll
  static void stop() throws Exception {
    postgres.close();
  }

  @Test
  void aFrozenHolderLosesItsSessionAndItsLocksAndTheNextWriterGetsTheRow() throws Exception {
    SingleConnectionDataSource frozen = connection();
    JdbcClient frozenJdbc = JdbcClient.create(frozen);
    TransactionTemplate frozenTransaction =
        new TransactionTemplate(new DataSourceTransactionManager(frozen));

    assertThatThrownBy(
            () ->
                frozenTransaction.executeWithoutResult(
                    status -> {
                      new IngestionTimeouts(
                              Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofSeconds(1))
                          .apply(frozenJdbc);
                      frozenJdbc.sql("insert into held values (1, 'frozen try')").update();
                      // Frozen: idle in its transaction, holding row 1, for three times its bound.
                      LockSupport.parkNanos(Duration.ofSeconds(3).toNanos());
                      frozenJdbc.sql("select 1").query(Integer.class).single();
                    }))
        .as("the server ended the frozen try's session");

    // The next try waits at most 20 s for the row (a bound, not a measurement): had the frozen
    // session kept its lock, this insert would fail with lock_timeout.
    SingleConnectionDataSource next = connection();
    JdbcClient nextJdbc = JdbcClient.create(next);
    new TransactionTemplate(new DataSourceTransactionManager(next))
        .executeWithoutResult(
            status -> {
              nextJdbc.sql("set local lock_timeout = '20s'").update();
              nextJdbc.sql("insert into held values (1, 'next try')").update();
            });
    assertThat(nextJdbc.sql("select by from held where id = 1").query(String.class).single())
        .isEqualTo("next try");
    frozen.destroy();
    next.destroy();
  }

  @Test
  void theBoundsEndWithTheTransaction() throws Exception {
    SingleConnectionDataSource one = connection();
    JdbcClient jdbc = JdbcClient.create(one);
    new TransactionTemplate(new DataSourceTransactionManager(one))
        .executeWithoutResult(
            status -> {
              IngestionTimeouts.DEFAULT.apply(jdbc);
              assertThat(jdbc.sql("show lock_timeout").query(String.class).single())
                  .isEqualTo("30s");
              assertThat(
                      jdbc.sql("show idle_in_transaction_session_timeout")
                          .query(String.class)
                          .single())
                  .isEqualTo("2min");
            });
    assertThat(jdbc.sql("show lock_timeout").query(String.class).single()).isEqualTo("0");
    one.destroy();
  }

  private static SingleConnectionDataSource connection() throws Exception {
    DataSource database = postgres.getPostgresDatabase();
    SingleConnectionDataSource single =
        new SingleConnectionDataSource(database.getConnection(), true);
    single.setAutoCommit(true);
    return single;
  }
}
