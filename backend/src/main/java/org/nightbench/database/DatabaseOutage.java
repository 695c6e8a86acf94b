package org.nightbench.database;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a database that is away (restarting, unreachable, refusing connections) from a statement it
 * refused: the first is worth trying again, the second fails the same way every time.
 */
public final class DatabaseOutage {

  private DatabaseOutage() {}

  /**
   * Whether {@code failure}, or anything that caused it, says the database could not be reached.
   */
  public static boolean is(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof DataAccessResourceFailureException
          || t instanceof TransientDataAccessResourceException
          || t instanceof CannotCreateTransactionException
          || t instanceof SQLTransientConnectionException) {
        return true;
      }
      if (t instanceof SQLException sql && connectionLost(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /**
   * SQLSTATE class 08 (connection exception) and 57P (operator intervention: the server shuts down
   * or restarts, or cannot accept connections yet).
   */
  private static boolean connectionLost(String sqlState) {
    return sqlState != null && (sqlState.startsWith("08") || sqlState.startsWith("57P"));
  }
}
