package org.nightbench.ingest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.nightbench.harness.StepResult;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stores what a run measured beyond its series points: every result file as written, the curves
 * measured inside JVMs, and each search query's hit count and top-documents hash. Called from the
 * ingest transaction only.
 */
@Component
class RunArtifacts {

  private final JdbcClient jdbc;
  private final JsonMapper json;

  RunArtifacts(JdbcClient jdbc, JsonMapper json) {
    this.jdbc = jdbc;
    this.json = json;
  }

  void store(long runId, List<StepResult> steps) {
    int curvePosition = 0;
    boolean queriesStored = false;
    for (int i = 0; i < steps.size(); i++) {
      StepResult step = steps.get(i);
      HarnessResult result = step.result();
      jdbc.sql(
              "insert into run_result (run_id, position, step, command, result)"
                  + " values (:run, :position, :step, :command, cast(:result as jsonb))")
          .param("run", runId)
          .param("position", i)
          .param("step", step.step())
          .param("command", result.command())
          .param("result", json.writeValueAsString(result))
          .update();
      for (Curve curve : result.curves()) {
        jdbc.sql(
                "insert into run_curve (run_id, position, step, benchmark, task, name, x_label,"
                    + " labels, rows) values (:run, :position, :step, :benchmark, :task, :name,"
                    + " :xLabel, :labels, cast(:rows as jsonb))")
            .param("run", runId)
            .param("position", curvePosition++)
            .param("step", step.step())
            .param("benchmark", curve.benchmark())
            .param("task", curve.task())
            .param("name", curve.name())
            .param("xLabel", curve.xLabel())
            .param("labels", curve.labels().toArray(String[]::new))
            .param("rows", json.writeValueAsString(curve.rows()))
            .update();
      }
      // Every search JVM runs the same queries on the same index; the first one's answers stand
      // for the run.
      if (!queriesStored && "search".equals(result.command())) {
        queriesStored = storeQueryResults(runId, result);
      }
    }
  }

  private boolean storeQueryResults(long runId, HarnessResult result) {
    Set<String> categories = new HashSet<>();
    List<Object[]> rows = new ArrayList<>();
    for (Metric metric : result.metrics()) {
      if (!categories.add(metric.task())
          || !(metric.detail().get("perQuery") instanceof List<?> perQuery)) {
        continue;
      }
      for (int i = 0; i < perQuery.size(); i++) {
        if (perQuery.get(i) instanceof Map<?, ?> query
            && query.get("hits") instanceof Number hits
            && query.get("topHash") != null) {
          rows.add(
              new Object[] {
                metric.task(),
                i,
                String.valueOf(query.get("query")),
                hits.longValue(),
                String.valueOf(query.get("topHash"))
              });
        }
      }
    }
    for (Object[] row : rows) {
      jdbc.sql(
              "insert into run_query_result (run_id, category, query_no, query, hits, top_hash)"
                  + " values (:run, :category, :no, :query, :hits, :hash)")
          .param("run", runId)
          .param("category", row[0])
          .param("no", row[1])
          .param("query", row[2])
          .param("hits", row[3])
          .param("hash", row[4])
          .update();
    }
    return !rows.isEmpty();
  }
}
