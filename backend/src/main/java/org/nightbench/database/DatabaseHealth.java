package org.nightbench.database;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import javax.sql.DataSource;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * The {@code db} health component (in place of Spring Boot's), and whether the database answers for
 * the other components. It asks through a pool of its own, of at most two connections, that waits 1
 * s for a connection and 1 s for its check: while PostgreSQL is away {@code /actuator/health} says
 * DOWN within about two seconds instead of waiting for the application's pool. One answer serves
 * every caller for a second.
 */
@Component("dbHealthIndicator")
public class DatabaseHealth extends AbstractHealthIndicator implements DisposableBean {

  /** How long an "unreachable" serves. */
  static final Duration REMEMBERED = Duration.ofSeconds(1);

  private final DataSource probe;
  private long checkedAt = Long.MIN_VALUE;
  private Answer last;

  /** Whether the database answered, its product name if so, why not otherwise. */
  public record Answer(boolean reachable, String database, String problem) {}

  public DatabaseHealth(DataSource dataSource) {
    super("the database could not be checked");
    this.probe = probe(dataSource);
  }

  /**
   * The database's answer now; "unreachable" is remembered for a second, so the components that ask
   * after this one in the same health request do not wait again.
   */
  public synchronized Answer check() {
    long now = System.nanoTime();
    if (last != null && !last.reachable() && now - checkedAt < REMEMBERED.toNanos()) {
      return last;
    }
    last = ask();
    checkedAt = System.nanoTime();
    return last;
  }

  private Answer ask() {
    try (Connection connection = probe.getConnection()) {
      return connection.isValid(1)
          ? new Answer(true, connection.getMetaData().getDatabaseProductName(), null)
          : new Answer(false, null, "the connection did not answer within 1 s");
    } catch (SQLException | RuntimeException e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return new Answer(false, null, message.lines().findFirst().orElse(message));
    }
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    Answer answer = check();
    if (answer.reachable()) {
      builder
          .up()
          .withDetail("database", answer.database())
          .withDetail("validationQuery", "isValid()");
    } else {
      builder.down().withDetail("error", answer.problem());
    }
  }

  @Override
  public void destroy() {
    if (probe instanceof HikariDataSource pool) {
      pool.close();
    }
  }

  /** A small pool with short timeouts to the application's database, or the application's own. */
  private static DataSource probe(DataSource dataSource) {
    HikariDataSource main;
    try {
      if (!dataSource.isWrapperFor(HikariDataSource.class)) {
        return dataSource;
      }
      main = dataSource.unwrap(HikariDataSource.class);
    } catch (SQLException e) {
      return dataSource;
    }
    if (main.getJdbcUrl() == null) {
      return dataSource;
    }
    HikariConfig config = new HikariConfig();
    config.setPoolName("nightbench-health");
    config.setJdbcUrl(main.getJdbcUrl());
    config.setUsername(main.getUsername());
    config.setPassword(main.getPassword());
    if (main.getDriverClassName() != null) {
      config.setDriverClassName(main.getDriverClassName());
    }
    Properties properties = new Properties();
    properties.putAll(main.getDataSourceProperties());
    // PostgreSQL's driver, in seconds: connecting, and any one answer on the socket.
    properties.setProperty("connectTimeout", "1");
    properties.setProperty("socketTimeout", "2");
    config.setDataSourceProperties(properties);
    config.setMaximumPoolSize(2);
    config.setMinimumIdle(0);
    config.setIdleTimeout(Duration.ofMinutes(1).toMillis());
    config.setConnectionTimeout(1000);
    config.setValidationTimeout(1000);
    // The application may start before its database: the first check says so, not the start.
    config.setInitializationFailTimeout(-1);
    return new HikariDataSource(config);
  }
}
