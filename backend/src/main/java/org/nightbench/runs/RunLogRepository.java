package org.nightbench.runs;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** A run's log lines in PostgreSQL: the only reader and writer of {@code run_log}. */
@Repository
public class RunLogRepository {

  private final JdbcClient jdbc;

  RunLogRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void append(long runId, List<String> lines) {
    if (lines.isEmpty()) {
      return;
    }
    // One statement per batch; line numbers continue from what is stored, so appends from one
    // writer stay ordered.
    jdbc.sql(
            "insert into run_log (run_id, line_no, line)"
                + " select :run, coalesce((select max(line_no) from run_log where run_id = :run), 0)"
                + " + ordinality, line from unnest(cast(:lines as text[])) with ordinality as l(line)")
        .param("run", runId)
        .param("lines", lines.toArray(String[]::new))
        .update();
  }

  /**
   * Appends a try's lines, only while the run is still the try's (it carries the try's token, also
   * after the try ended it): a worker that lost its run writes nothing into the log of the try that
   * took its place. False when nothing was written for that reason.
   */
  public boolean append(RunTry attempt, List<String> lines) {
    if (lines.isEmpty()) {
      return true;
    }
    return jdbc.sql(
                "insert into run_log (run_id, line_no, line)"
                    + " select :run, coalesce((select max(line_no) from run_log"
                    + " where run_id = :run), 0) + ordinality, line"
                    + " from unnest(cast(:lines as text[])) with ordinality as l(line)"
                    + " where exists (select 1 from run where id = :run"
                    + " and try_token = :token)")
            .param("run", attempt.runId())
            .param("token", attempt.token())
            .param("lines", lines.toArray(String[]::new))
            .update()
        > 0;
  }

  /** The run's log lines after line {@code fromLine} (0: all of them), in order. */
  List<String> lines(long runId, int fromLine) {
    return jdbc.sql(
            "select line from run_log where run_id = :run and line_no > :from order by line_no")
        .param("run", runId)
        .param("from", fromLine)
        .query(String.class)
        .list();
  }
}
