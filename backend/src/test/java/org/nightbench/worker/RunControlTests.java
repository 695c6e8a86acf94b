package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunLogRepository;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunnerProperties;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

/**
 * A real nightly run measures the pinned control release beside its own revision: the control's
 * figures land in series of their own (benchmark {@code control}, the release in the task), the
 * run's own series are untouched, and the run records which control it measured.
 */
@SpringBootTest
@ActiveProfiles("test")
@TestPropertySource(properties = "nightbench.control.revision=9.12.3")
class RunControlTests {

  @Autowired RunService runs;
  @Autowired RunRepository repository;
  @Autowired RunLogRepository logs;
  @Autowired RunExecutor executor;
  @Autowired RunWorkDirectories workDirectories;
  @Autowired RunnerProperties settings;
  @Autowired RunControl control;
  @Autowired JdbcClient jdbc;

  @Test
  void aNightlyRunMeasuresTheControlInSeriesOfItsOwn() {
    Run run = runs.enqueue("maven:9.12.2", "brief", null, "nightly");
    new RunWorker(repository, logs, executor, settings, workDirectories).run(run.id());

    Run done = runs.find(run.id()).orElseThrow();
    assertThat(done.status()).as(String.valueOf(done.error())).isEqualTo(RunStatus.SUCCEEDED);
    List<String> controlSeries =
        jdbc.sql(
                "select s.task || ' ' || s.metric from measurement m"
                    + " join series s on s.id = m.series_id"
                    + " where m.run_id = ? and s.benchmark = 'control' order by 1")
            .param(run.id())
            .query(String.class)
            .list();
    assertThat(controlSeries)
        .contains("9.12.3 HighTerm qps", "9.12.3 AndHighHigh qps", "9.12.3 OrHighHigh qps")
        .anyMatch(s -> s.startsWith("9.12.3 indexing "))
        .noneMatch(s -> s.startsWith("9.12.3 Phrase"));
    assertThat(
            jdbc.sql(
                    "select count(*) from measurement m join series s on s.id = m.series_id"
                        + " where m.run_id = ? and s.benchmark = 'search' and s.task = 'Phrase'")
                .param(run.id())
                .query(Long.class)
                .single())
        .as("the run's own searches, every category of its task file")
        .isPositive();
    String environment =
        jdbc.sql("select cast(environment as text) from run where id = ?")
            .param(run.id())
            .query(String.class)
            .single();
    assertThat(environment)
        .contains("\"control\": \"9.12.3\"")
        .contains("\"harness\": \"nightbench-harness-")
        .contains("\"tasksSha256\": \"");
    // Only nightly runs measure one.
    Run manual = runs.enqueue("maven:9.12.2", "brief", null, "manual");
    assertThat(control.release(manual)).isNull();
    assertThat(control.release(done)).isEqualTo("9.12.3");
  }
}
