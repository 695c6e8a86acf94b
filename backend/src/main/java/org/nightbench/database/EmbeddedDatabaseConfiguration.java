package org.nightbench.database;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Starts a real PostgreSQL inside the application when no external database is configured, so the
 * first start needs nothing installed; setting {@code SPRING_DATASOURCE_URL} switches it off.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.datasource.url:}'.isBlank()")
@EnableConfigurationProperties(EmbeddedDatabaseProperties.class)
class EmbeddedDatabaseConfiguration {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseConfiguration.class);

  @Bean(destroyMethod = "close")
  EmbeddedPostgres embeddedPostgres(EmbeddedDatabaseProperties properties) throws IOException {
    // The context stops the server (destroyMethod), after everything that still uses it has
    // stopped. The library's own JVM shutdown hook would stop it at once, beside the context's
    // close: the work still finishing then (detection after an ingestion, a run handed back)
    // waits on a database that is gone, and the close waits for that work up to its 30 s limit.
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setRegisterShutdownHook(false);
    if (properties.dataDirectory() != null && !properties.dataDirectory().toString().isBlank()) {
      Files.createDirectories(properties.dataDirectory());
      builder
          .setDataDirectory(properties.dataDirectory())
          .setCleanDataDirectory(false)
          // The embedded server starts with fsync off, fine for throw-away test clusters; a kept
          // history must survive a power cut, so the later -c options switch durability back on.
          .setServerConfig("fsync", "on")
          .setServerConfig("synchronous_commit", "on");
    }
    if (properties.port() > 0) {
      builder.setPort(properties.port());
    }
    EmbeddedPostgres postgres = builder.start();
    log.info(
        "Embedded PostgreSQL on port {} (data: {})",
        postgres.getPort(),
        properties.dataDirectory() == null ? "temporary" : properties.dataDirectory());
    return postgres;
  }

  // spring.datasource.hikari.* applies to this pool too (the connection timeout, above all).
  @Bean
  @ConfigurationProperties("spring.datasource.hikari")
  DataSource dataSource(EmbeddedPostgres postgres) {
    HikariDataSource dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(postgres.getJdbcUrl("postgres", "postgres"));
    dataSource.setUsername("postgres");
    dataSource.setPoolName("nightbench");
    return dataSource;
  }
}
