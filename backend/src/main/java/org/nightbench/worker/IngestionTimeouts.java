package org.nightbench.worker;

import java.time.Duration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The bounds of one ingestion transaction, set on it alone ({@code set_config(..., true)}): how
 * long it waits for a lock, how long one statement may run, and how long it may sit idle. A worker
 * frozen inside the transaction (SIGSTOP, a stalled VM) loses its session after the idle bound, and
 * with it every lock on the run's rows, so the try that takes the run over is never kept waiting by
 * it; a lock held elsewhere is an error after the lock bound, and the ingestion tries again.
 */
record IngestionTimeouts(Duration lock, Duration statement, Duration idle) {

  /** An ingestion's usual bounds: its statements take milliseconds to seconds. */
  static final IngestionTimeouts DEFAULT =
      new IngestionTimeouts(Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(2));

  /** Applies the bounds to the transaction {@code jdbc} is in now; they end with it. */
  void apply(JdbcClient jdbc) {
    jdbc.sql(
            "select set_config('lock_timeout', :lock, true),"
                + " set_config('statement_timeout', :statement, true),"
                + " set_config('idle_in_transaction_session_timeout', :idle, true)")
        .param("lock", lock.toMillis() + "ms")
        .param("statement", statement.toMillis() + "ms")
        .param("idle", idle.toMillis() + "ms")
        .query()
        .singleRow();
  }
}
