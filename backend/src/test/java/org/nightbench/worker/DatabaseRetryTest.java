package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.TransactionSystemException;

class DatabaseRetryTest {

  private final List<String> runLog = new CopyOnWriteArrayList<>();
  private final DatabaseRetry retry =
      new DatabaseRetry(7, Duration.ofMinutes(1), runLog::add, () -> false);

  @Test
  void everyTryAgainIsALineInTheRunsLogTheFirstToo() {
    AtomicInteger tries = new AtomicInteger();

    String result =
        retry.call(
            "ingesting",
            () -> {
              if (tries.incrementAndGet() == 1) {
                throw failedRollbackAfterAShutdown();
              }
              return "ingested";
            });

    assertThat(result).isEqualTo("ingested");
    assertThat(tries).hasValue(2);
    assertThat(runLog)
        .containsExactly(
            "ingesting: the database is unreachable (JDBC rollback failed); trying again");
  }

  @Test
  void whatIsNoOutageFailsAtOnceWithoutALine() {
    AtomicInteger tries = new AtomicInteger();

    assertThatThrownBy(
            () ->
                retry.call(
                    "ingesting",
                    () -> {
                      tries.incrementAndGet();
                      throw new DataIntegrityViolationException(
                          "duplicate", new SQLException("duplicate key", "23505"));
                    }))
        .isInstanceOf(DataIntegrityViolationException.class);
    assertThat(tries).hasValue(1);
    assertThat(runLog).isEmpty();
  }

  /** What Spring surfaced when PostgreSQL restarted during an ingestion's statement. */
  static TransactionSystemException failedRollbackAfterAShutdown() {
    TransactionSystemException rollback =
        new TransactionSystemException(
            "JDBC rollback failed", new SQLException("Connection is closed"));
    rollback.initApplicationException(
        new UncategorizedSQLException(
            "insert",
            "insert into measurement",
            new SQLException("terminating connection due to administrator command", "57P01")));
    return rollback;
  }
}
