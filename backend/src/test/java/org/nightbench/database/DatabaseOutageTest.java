package org.nightbench.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.TransactionSystemException;

class DatabaseOutageTest {

  @Test
  void aFailedRollbackWhoseApplicationExceptionWasTheOutageIsAnOutage() {
    // A statement got 57P01 (the server shut down); the rollback then found the connection closed.
    TransactionSystemException rollback =
        new TransactionSystemException(
            "JDBC rollback failed", new SQLException("Connection is closed"));
    rollback.initApplicationException(
        new UncategorizedSQLException(
            "insert",
            "insert into measurement",
            new SQLException("terminating connection due to administrator command", "57P01")));

    assertThat(DatabaseOutage.is(rollback)).isTrue();
  }

  @Test
  void aConnectionFoundClosedWithoutASqlStateIsAnOutage() {
    assertThat(DatabaseOutage.is(new RuntimeException(new SQLException("Connection is closed"))))
        .isTrue();
    assertThat(DatabaseOutage.is(new SQLException("This connection has been closed."))).isTrue();
  }

  @Test
  void sqlStatesOfClasses08And57PAreOutagesWhereverTheyAre() {
    for (String state : new String[] {"08006", "08003", "57P01", "57P03"}) {
      SQLException first = new SQLException("batch entry 3 failed", "22000");
      first.setNextException(new SQLException("lost", state));
      assertThat(DatabaseOutage.is(new RuntimeException("wrapped", first))).as(state).isTrue();
      RuntimeException withSuppressed = new RuntimeException("closing failed");
      withSuppressed.addSuppressed(new SQLException("lost", state));
      assertThat(DatabaseOutage.is(withSuppressed)).as(state).isTrue();
    }
  }

  @Test
  void whatTheDatabaseRefusedIsNoOutage() {
    assertThat(
            DatabaseOutage.is(
                new DataIntegrityViolationException(
                    "duplicate", new SQLException("duplicate key value", "23505"))))
        .isFalse();
    TransactionSystemException rollback = new TransactionSystemException("rollback failed");
    rollback.initApplicationException(new IllegalArgumentException("no such series"));
    assertThat(DatabaseOutage.is(rollback)).isFalse();
    assertThat(DatabaseOutage.is(new SQLException("the connection is closed for lunch", "42000")))
        .isFalse();
    assertThat(DatabaseOutage.is(null)).isFalse();
  }
}
