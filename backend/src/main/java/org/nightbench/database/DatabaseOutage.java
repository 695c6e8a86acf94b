package org.nightbench.database;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Tells a database that is away (restarting, unreachable, refusing connections) from a statement it
 * refused: the first is worth trying again, the second fails the same way every time.
 */
public final class DatabaseOutage {

  private DatabaseOutage() {}

  /**
   * Whether {@code failure}, or anything that caused it or came with it, says the database could
   * not be reached: its causes, the exceptions suppressed by it, a failed rollback's application
   * exception (what failed before the rollback did) and a JDBC exception's next ones.
   */
  public static boolean is(Throwable failure) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Throwable> left = new ArrayDeque<>();
    if (failure != null) {
      left.add(failure);
    }
    while (!left.isEmpty() && seen.size() < 100) {
      Throwable t = left.poll();
      if (!seen.add(t)) {
        continue;
      }
      if (outage(t)) {
        return true;
      }
      add(left, t.getCause());
      for (Throwable suppressed : t.getSuppressed()) {
        add(left, suppressed);
      }
      if (t instanceof TransactionSystemException system) {
        add(left, system.getApplicationException());
      }
      if (t instanceof SQLException sql) {
        add(left, sql.getNextException());
      }
    }
    return false;
  }

  /**
   * Whether {@code failure}, or anything that caused it, is a statement that waited too long for a
   * lock or lost a deadlock (SQL states 55P03, 40P01, 40001): the holder is another transaction,
   * and trying again once it is gone succeeds.
   */
  public static boolean lockedOut(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException sql
          && sql.getSQLState() != null
          && (sql.getSQLState().equals("55P03")
              || sql.getSQLState().equals("40P01")
              || sql.getSQLState().equals("40001"))) {
        return true;
      }
      if (t instanceof TransactionSystemException system
          && system.getApplicationException() != null
          && lockedOut(system.getApplicationException())) {
        return true;
      }
    }
    return false;
  }

  private static void add(Deque<Throwable> left, Throwable t) {
    if (t != null) {
      left.add(t);
    }
  }

  private static boolean outage(Throwable t) {
    if (t instanceof DataAccessResourceFailureException
        || t instanceof TransientDataAccessResourceException
        || t instanceof CannotCreateTransactionException
        || t instanceof SQLTransientConnectionException) {
      return true;
    }
    return t instanceof SQLException sql
        && (connectionLost(sql.getSQLState()) || closedConnection(sql));
  }

  /**
   * A connection the pool or the driver found closed, said without a SQL state: HikariCP's
   * "Connection is closed" on a rollback after the server went away, the driver's "This connection
   * has been closed."
   */
  private static boolean closedConnection(SQLException sql) {
    String message = sql.getMessage();
    return sql.getSQLState() == null && message != null && CLOSED.matcher(message).find();
  }

  private static final Pattern CLOSED =
      Pattern.compile("connection (is|has been) closed", Pattern.CASE_INSENSITIVE);

  /**
   * SQLSTATE class 08 (connection exception) and 57P (operator intervention: the server shuts down
   * or restarts, or cannot accept connections yet).
   */
  private static boolean connectionLost(String sqlState) {
    return sqlState != null && (sqlState.startsWith("08") || sqlState.startsWith("57P"));
  }
}
