package org.nightbench.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

@SpringBootTest
@ActiveProfiles("test")
class MigrationTests {

  @Autowired JdbcClient jdbc;

  @Test
  void migrationsCreateTheSchemaOnRealPostgres() {
    String version = jdbc.sql("select version()").query(String.class).single();
    assertThat(version).startsWith("PostgreSQL");
    assertThat(
            jdbc.sql(
                    "select table_name from information_schema.tables where table_schema = 'public'")
                .query(String.class)
                .list())
        .contains("run", "run_log", "series", "measurement", "flyway_schema_history");
  }

  @Test
  void runStatusIsConstrained() {
    assertThatThrownBy(
            () ->
                jdbc.sql(
                        "insert into run (lucene_spec, machine, profile, corpus, status)"
                            + " values ('maven:9.12.3', 'm', 'quick', 'c', 'exploded')")
                    .update())
        .hasMessageContaining("run_status_check");
  }
}
