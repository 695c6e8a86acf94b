package org.nightbench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.assertj.core.api.SoftAssertions;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.MetricDefinition;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Every metric of a run's stored result files, as the forked harness wrote them, is declared by its
 * benchmark's definition with the same unit and direction: the check that a definition's metrics
 * are complete, run on the real result files of the tests that run every benchmark.
 */
public final class DeclaredMetrics {

  private DeclaredMetrics() {}

  /** One metric of a result file: its series' benchmark name, its name, unit and direction. */
  private record Written(String benchmark, String name, String unit, boolean higherIsBetter) {}

  /**
   * Checks every metric of run {@code runId}'s result files.
   *
   * @return the series' benchmark names the result files carry, for the caller to say which
   *     benchmarks it checked
   */
  public static Set<String> assertDeclared(JdbcClient jdbc, long runId) {
    List<Written> written =
        jdbc.sql(
                "select distinct m ->> 'benchmark', m ->> 'name', m ->> 'unit',"
                    + " (m ->> 'higherIsBetter')::boolean"
                    + " from run_result r, jsonb_array_elements(r.result -> 'metrics') m"
                    + " where r.run_id = ?")
            .param(runId)
            .query(
                (rs, row) ->
                    new Written(
                        rs.getString(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)))
            .list();
    assertThat(written).as("metrics of run %d's result files", runId).isNotEmpty();
    SoftAssertions soft = new SoftAssertions();
    for (Written metric : written) {
      String what = metric.benchmark() + "/" + metric.name();
      soft.assertThat(Benchmarks.ofSeries(metric.benchmark()))
          .as("a definition whose series are named %s", metric.benchmark())
          .isPresent();
      MetricDefinition declared =
          Benchmarks.declared(metric.benchmark(), metric.name()).orElse(null);
      soft.assertThat(declared).as("%s declared by its benchmark's definition", what).isNotNull();
      if (declared != null) {
        soft.assertThat(declared.higherIsBetter())
            .as("%s: higher is better", what)
            .isEqualTo(metric.higherIsBetter());
        soft.assertThat(metric.unit()).as("%s: the declared unit", what).isEqualTo(declared.unit());
      }
    }
    soft.assertAll();
    TreeSet<String> benchmarks = new TreeSet<>();
    written.forEach(w -> benchmarks.add(w.benchmark()));
    return benchmarks;
  }
}
