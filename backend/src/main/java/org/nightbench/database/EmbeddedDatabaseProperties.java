package org.nightbench.database;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the embedded PostgreSQL that runs when no {@code spring.datasource.url} is set.
 *
 * @param dataDirectory where the cluster lives between starts; blank for a throw-away cluster
 * @param port TCP port on 127.0.0.1; 0 picks a free one
 */
@ConfigurationProperties("nightbench.database.embedded")
public record EmbeddedDatabaseProperties(Path dataDirectory, int port) {}
