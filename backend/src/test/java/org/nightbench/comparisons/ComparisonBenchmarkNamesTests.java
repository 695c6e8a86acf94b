package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * Which benchmarks a comparison may run is the catalogue's to say (harness.BenchmarkCatalogue): the
 * database takes a name it has never heard of, so a new benchmark needs no migration, and keeps
 * only that a comparison runs at least one.
 */
@SpringBootTest
@ActiveProfiles("test")
class ComparisonBenchmarkNamesTests {

  @Autowired RunService runs;
  @Autowired JdbcClient jdbc;

  @Test
  void theDatabaseStoresAnyBenchmarkNameButNone() {
    Run run = runs.enqueue("maven:9.12.3", "tiny", null, "manual");

    insert(run.id(), new String[] {"indexing", "vector-indexing"});

    assertThat(
            jdbc.sql("select array_to_string(benchmarks, ',') from comparison where run_id = ?")
                .param(run.id())
                .query(String.class)
                .single())
        .isEqualTo("indexing,vector-indexing");
    Run other = runs.enqueue("maven:9.12.3", "tiny", null, "manual");
    assertThatThrownBy(() -> insert(other.id(), new String[0]))
        .isInstanceOf(DataIntegrityViolationException.class)
        .hasMessageContaining("comparison_benchmarks_check");
  }

  private void insert(long runId, String[] benchmarks) {
    jdbc.sql(
            "insert into comparison (run_id, baseline_spec, candidate_spec, jvms, benchmarks)"
                + " values (?, 'maven:9.12.3', 'maven:10.0.0', 2, ?)")
        .params(runId, benchmarks)
        .update();
  }
}
