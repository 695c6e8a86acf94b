package org.nightbench.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

@SpringBootTest
@ActiveProfiles("test")
class MigrationTests {

  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;

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
  void runsQueuedBeforeTheJobEngineBecomeExecutionsItCanRun() throws Exception {
    String v3;
    try (InputStream in = getClass().getResourceAsStream("/db/migration/V3__job_engine.sql")) {
      v3 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String queuedWhere = "from run where status = 'queued';";
    String upgrade =
        v3.substring(v3.indexOf("insert into scheduled_tasks"), v3.indexOf(queuedWhere))
            + "from run where status = 'queued' and machine = 'upgrade-box'";
    long runId =
        jdbc.sql(
                "insert into run (lucene_spec, machine, profile, corpus)"
                    + " values ('maven:9.12.3', 'upgrade-box', 'quick', 'europarl') returning id")
            .query(Long.class)
            .single();

    jdbc.sql(upgrade).update();

    List<Long> seen = new CopyOnWriteArrayList<>();
    OneTimeTask<Long> task =
        Tasks.oneTime("benchmark-run@upgrade-box", Long.class)
            .execute((instance, context) -> seen.add(instance.getData()));
    SettableClock clock = new SettableClock();
    clock.set(Instant.now());
    TestHelper.createManualScheduler(dataSource, task).clock(clock).build().runAnyDueExecutions();
    assertThat(seen).containsExactly(runId);
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
